/**
 * Where a creature stands: the top-left square of its space (the anchor) and which part of that
 * space it fills. Unsqueezed it fills all `side × side` squares; squeezed it fills a band as wide as
 * the ruleset allows (d20-srd-35.txt › Squeezing: "a Large creature ... squeezes into a space that's
 * one square wide ... occupies two squares").
 */
export interface Variant {
  /** Offset of the filled rectangle inside the creature's box. */
  ox: number;
  oy: number;
  w: number;
  h: number;
  squeezed: boolean;
}

export function variantsFor(side: number, squeezeWidth: number | null): Variant[] {
  const full: Variant = { ox: 0, oy: 0, w: side, h: side, squeezed: false };
  if (squeezeWidth === null || squeezeWidth >= side || squeezeWidth < 1) return [full];
  const out = [full];
  for (let k = 0; k + squeezeWidth <= side; k++) {
    out.push({ ox: 0, oy: k, w: side, h: squeezeWidth, squeezed: true });
    out.push({ ox: k, oy: 0, w: squeezeWidth, h: side, squeezed: true });
  }
  return out;
}

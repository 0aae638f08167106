/**
 * The shape a creature fills, anchored at the top-left square it fills. Unsqueezed it fills all
 * `side × side` squares; squeezed it fills a band as wide as the ruleset allows, lying across or
 * along (d20-srd-35.txt › Squeezing: "a Large creature ... squeezes into a space that's one square
 * wide ... occupies two squares"). The position of a squeezed creature is the top-left of the band
 * itself, so every step moves it by one square (`ox`, `oy` stay 0; kept for callers that add them).
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
  return [full, { ox: 0, oy: 0, w: side, h: squeezeWidth, squeezed: true }, { ox: 0, oy: 0, w: squeezeWidth, h: side, squeezed: true }];
}

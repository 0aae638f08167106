/**
 * Pictures drawn in plain code (no sharp, no DOM), shared by the node tests and the browser tests:
 * a seeded source and the crypt battle map whose regions are known.
 */

/** A small seeded source (mulberry32): the same pictures on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * "The crypt by the river": a real-looking battle map, 16 × 12 squares of 70 px with the grid's
 * top-left corner at picture pixel (35, 20): a river on the left, a grass courtyard, a flagstone
 * crypt walled on grid lines with a pool inside, rubble in its far corner, and the grid drawn
 * faintly over all. `CRYPT.regionOf` says what each square shows. The committed fixture
 * tests/fixtures/pictures/analysis-crypt.jpg is this SVG as a JPEG (quality 82).
 */
export const CRYPT = {
  columns: 16,
  rows: 12,
  pixelsPerSquare: 70,
  offsetX: 35,
  offsetY: 20,
  width: 16 * 70 + 35 + 25,
  height: 12 * 70 + 20 + 30,
  regionOf(x: number, y: number): 'water' | 'grass' | 'stone' | 'rubble' {
    if (x <= 2 || (x >= 11 && x <= 12 && y >= 4 && y <= 5)) return 'water';
    if (x <= 6) return 'grass';
    if (x >= 13 && y >= 9) return 'rubble';
    return 'stone';
  },
};

export function cryptSvg(): string {
  const rnd = seeded(1015);
  const P = CRYPT.pixelsPerSquare;
  const els = [`<rect width="${CRYPT.width}" height="${CRYPT.height}" fill="#4d6b3a"/>`];
  // The picture's margin beyond the squares: more river and grass.
  els.push(`<rect width="${CRYPT.offsetX + 3 * P}" height="${CRYPT.height}" fill="#2f5f8f"/>`);
  for (let y = 0; y < CRYPT.rows; y++)
    for (let x = 0; x < CRYPT.columns; x++) {
      const left = CRYPT.offsetX + x * P;
      const top = CRYPT.offsetY + y * P;
      const kind = CRYPT.regionOf(x, y);
      if (kind === 'water') {
        els.push(`<rect x="${left}" y="${top}" width="${P}" height="${P}" fill="rgb(${(42 + rnd() * 10).toFixed(0)},${(92 + rnd() * 12).toFixed(0)},${(148 + rnd() * 14).toFixed(0)})"/>`);
        for (let k = 0; k < 4; k++) els.push(`<path d="M${(left + 6 + rnd() * 10).toFixed(1)} ${(top + 12 + k * 15).toFixed(1)} q9 -4 18 0 t18 0" stroke="#86b6dc" stroke-width="1.6" fill="none" opacity="0.55"/>`);
      } else if (kind === 'grass') {
        els.push(`<rect x="${left}" y="${top}" width="${P}" height="${P}" fill="rgb(${(72 + rnd() * 14).toFixed(0)},${(126 + rnd() * 14).toFixed(0)},${(52 + rnd() * 10).toFixed(0)})"/>`);
        for (let k = 0; k < 45; k++) {
          const bx = left + rnd() * P;
          const by = top + 6 + rnd() * (P - 6);
          els.push(`<path d="M${bx.toFixed(1)} ${by.toFixed(1)} l${(rnd() * 4 - 2).toFixed(1)} -6" stroke="${rnd() < 0.5 ? '#3c7428' : '#a9d46c'}" stroke-width="1.4"/>`);
        }
      } else if (kind === 'rubble') {
        els.push(`<rect x="${left}" y="${top}" width="${P}" height="${P}" fill="rgb(${(118 + rnd() * 10).toFixed(0)},${(104 + rnd() * 8).toFixed(0)},${(88 + rnd() * 8).toFixed(0)})"/>`);
        for (let k = 0; k < 22; k++) {
          const shade = Math.floor(60 + rnd() * 120);
          els.push(`<circle cx="${(left + rnd() * P).toFixed(1)}" cy="${(top + rnd() * P).toFixed(1)}" r="${(2 + rnd() * 5).toFixed(1)}" fill="rgb(${shade},${shade - 10},${shade - 20})" stroke="#2e2a26" stroke-width="0.8"/>`);
        }
      } else {
        const g = 138 + rnd() * 18;
        els.push(`<rect x="${left}" y="${top}" width="${P}" height="${P}" fill="rgb(${g.toFixed(0)},${(g - 4).toFixed(0)},${(g - 10).toFixed(0)})"/>`);
        els.push(`<path d="M${left + 3} ${top + P / 2}h${P - 6}" stroke="#7d776e" stroke-width="1"/>`);
        for (let k = 0; k < 7; k++) els.push(`<circle cx="${(left + rnd() * P).toFixed(1)}" cy="${(top + rnd() * P).toFixed(1)}" r="1.2" fill="#7a756c"/>`);
      }
    }
  // The crypt's walls, on grid lines: the outer wall with a door gap, and a wall across the middle.
  const gx = (c: number) => CRYPT.offsetX + c * P;
  const gy = (r: number) => CRYPT.offsetY + r * P;
  const walls = [
    `M${gx(7)} ${gy(0)}V${gy(5)}`,
    `M${gx(7)} ${gy(7)}V${gy(12)}`,
    `M${gx(7)} ${gy(6)}H${gx(10)}V${gy(5)}`,
  ];
  els.push(`<path d="${walls.join('')}" stroke="#2b2622" stroke-width="9" fill="none" stroke-linecap="square"/>`);
  // The drawn grid, faint.
  const lines: string[] = [];
  for (let c = 0; c <= CRYPT.columns; c++) lines.push(`M${gx(c)} 0V${CRYPT.height}`);
  for (let r = 0; r <= CRYPT.rows; r++) lines.push(`M0 ${gy(r)}H${CRYPT.width}`);
  els.push(`<path d="${lines.join('')}" stroke="#1a1a1a" stroke-width="1.5" opacity="0.45"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CRYPT.width}" height="${CRYPT.height}">${els.join('')}</svg>`;
}

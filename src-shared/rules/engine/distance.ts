/** How a ruleset counts distance between squares, for reach and threatened areas. */
export type DistanceRule = 'one-one-one' | 'one-two-one';

/** Distance in squares between two squares. */
export function squareDistance(dx: number, dy: number, rule: DistanceRule): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const diag = Math.min(ax, ay);
  const straight = Math.max(ax, ay) - diag;
  // d20-srd-35.txt › Diagonals: the first diagonal counts 1, the second 2, and so on.
  return rule === 'one-two-one' ? straight + diag + Math.floor(diag / 2) : straight + diag;
}

/** Distance between two footprints (the closest pair of their squares). */
export function footprintDistance(
  ax: number,
  ay: number,
  aSide: number,
  bx: number,
  by: number,
  bSide: number,
  rule: DistanceRule,
): number {
  const dx = bx > ax + aSide - 1 ? bx - (ax + aSide - 1) : ax > bx + bSide - 1 ? ax - (bx + bSide - 1) : 0;
  const dy = by > ay + aSide - 1 ? by - (ay + aSide - 1) : ay > by + bSide - 1 ? ay - (by + bSide - 1) : 0;
  return squareDistance(dx, dy, rule);
}

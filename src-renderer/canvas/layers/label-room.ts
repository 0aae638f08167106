/**
 * Where labels have already been drawn in a frame, so a label is drawn only where there is room for
 * it at the current zoom (as map renderers place labels): a ledge's drop, a square's height, a water
 * depth and a square mark would otherwise write over one another at mid zoom. Layers hand their
 * labels in with a priority (falls before heights); `flush` draws them, most important first, each
 * label in the first of its places whose box (plus a small gap) overlaps none kept before, or not
 * at all (a drop and a height in one square: the height moves aside rather than go).
 */
export class LabelRoom {
  private readonly cells = new Map<number, number[]>();
  private pending: { priority: number; order: number; draw: () => void }[] = [];
  /** How many labels were offered and how many had room (tests read them). */
  offered = 0;
  kept = 0;
  /** The boxes kept, [x, y, w, h] on screen (tests check them against the lines drawn). */
  readonly boxes: [number, number, number, number][] = [];

  constructor(
    private readonly viewport: { width: number; height: number },
    private readonly gap = 3,
  ) {}

  /**
   * Takes the first of a label's places (screen boxes x, y, w, h, preferred first) that is free and on
   * screen: its index, or -1 if none is. One label offered, however many places it has.
   */
  takeFirst(places: readonly (readonly [number, number, number, number])[]): number {
    let onScreen = false;
    for (let i = 0; i < places.length; i++) {
      const [x, y, w, h] = places[i]!;
      if (x + w < 0 || y + h < 0 || x > this.viewport.width || y > this.viewport.height) continue;
      onScreen = true;
      if (this.free(x, y, w, h)) {
        this.offered++;
        this.keep(x, y, w, h);
        return i;
      }
    }
    if (onScreen) this.offered++;
    return -1;
  }

  private free(x: number, y: number, w: number, h: number): boolean {
    const g = this.gap;
    const x0 = x - g;
    const y0 = y - g;
    const x1 = x + w + g;
    const y1 = y + h + g;
    const keys = cellKeys(x0, y0, x1, y1);
    for (const k of keys) {
      const boxes = this.cells.get(k);
      if (!boxes) continue;
      for (let i = 0; i < boxes.length; i += 4) {
        if (x0 < boxes[i + 2]! && boxes[i]! < x1 && y0 < boxes[i + 3]! && boxes[i + 1]! < y1) return false;
      }
    }
    return true;
  }

  private keep(x: number, y: number, w: number, h: number): void {
    const keys = cellKeys(x - this.gap, y - this.gap, x + w + this.gap, y + h + this.gap);
    for (const k of keys) {
      let boxes = this.cells.get(k);
      if (!boxes) this.cells.set(k, (boxes = []));
      boxes.push(x, y, x + w, y + h);
    }
    this.kept++;
    this.boxes.push([x, y, w, h]);
  }

  /** Draws later, in priority order (higher first; equal priorities in the order handed in). */
  defer(priority: number, draw: () => void): void {
    this.pending.push({ priority, order: this.pending.length, draw });
  }

  flush(): void {
    const pending = this.pending.sort((a, b) => b.priority - a.priority || a.order - b.order);
    this.pending = [];
    for (const p of pending) p.draw();
  }
}

/** Cells of 64 screen pixels: a label box touches one to four of them. */
const CELL = 64;
function cellKeys(x0: number, y0: number, x1: number, y1: number): number[] {
  const out: number[] = [];
  for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) {
    for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++) out.push((cy + 1024) * 4096 + (cx + 1024));
  }
  return out;
}

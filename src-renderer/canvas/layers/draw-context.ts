import type Konva from 'konva';

/**
 * The drawing calls the layers use: a subset shared by Konva's context and a plain canvas 2-D
 * context, so the same code draws on screen, into cached chunk bitmaps and into the PNG export.
 */
export interface DrawContext {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(): void;
  stroke(): void;
  fillText(text: string, x: number, y: number): void;
  setLineDash(dash: number[]): void;
  setAttr(attr: string, value: unknown): void;
  drawImage(image: CanvasImageSource, x: number, y: number, w: number, h: number): void;
}

/** A plain 2-D context dressed as Konva's. */
export function plainContext(ctx: CanvasRenderingContext2D): DrawContext {
  return {
    beginPath: () => ctx.beginPath(),
    moveTo: (x, y) => ctx.moveTo(x, y),
    lineTo: (x, y) => ctx.lineTo(x, y),
    arc: (x, y, r, a0, a1) => ctx.arc(x, y, r, a0, a1),
    rect: (x, y, w, h) => ctx.rect(x, y, w, h),
    fill: () => ctx.fill(),
    stroke: () => ctx.stroke(),
    fillText: (t, x, y) => ctx.fillText(t, x, y),
    setLineDash: (d) => ctx.setLineDash(d),
    setAttr: (a, v) => {
      (ctx as unknown as Record<string, unknown>)[a] = v;
    },
    drawImage: (image, x, y, w, h) => ctx.drawImage(image, x, y, w, h),
  };
}

/** Konva's scene context, typed as ours. */
export const konvaContext = (ctx: Konva.Context) => ctx as unknown as DrawContext;

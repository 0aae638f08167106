import { describe, expect, it } from 'vitest';
import { isPictureBytes, readPictureFile } from '../../../src-shared/io/import/picture-file';
import { mapToPicture, pictureToMap } from '../../../src-shared/model';
import { calibratedAlignment, fitAlignment, scaledAbout } from '../../../src-shared/picture/alignment';

describe('two-click calibration', () => {
  it('takes the squares from the span of two corners N squares apart, and puts the first on the nearest map corner', () => {
    // Picture corners at (120, 240) and (520, 240): 4 squares apart along a row → 100 px a square.
    const a = calibratedAlignment({ px: 120, py: 240 }, { px: 520, py: 240 }, 4, { x: 1, y: 2 });
    expect(a).toEqual({ pixelsPerSquare: 100, offsetX: 20, offsetY: 40 });
    if (typeof a === 'string') return;
    // The first corner is then on map corner (1, 2), the second on (5, 2).
    expect(pictureToMap(a, 120, 240)).toEqual({ x: 1, y: 2 });
    expect(pictureToMap(a, 520, 240)).toEqual({ x: 5, y: 2 });
  });

  it('reads a column or a diagonal by its longer axis', () => {
    expect(calibratedAlignment({ px: 50, py: 10 }, { px: 52, py: 360 }, 5, { x: 0, y: 0 })).toMatchObject({ pixelsPerSquare: 70 });
    expect(calibratedAlignment({ px: 0, py: 0 }, { px: 300, py: 300 }, 3, { x: 0, y: 0 })).toMatchObject({ pixelsPerSquare: 100 });
  });

  it('says what is wrong with a count that is not above 0, or corners too close', () => {
    expect(calibratedAlignment({ px: 0, py: 0 }, { px: 100, py: 0 }, 0, { x: 0, y: 0 })).toMatch(/above 0/);
    expect(calibratedAlignment({ px: 0, py: 0 }, { px: 100, py: 0 }, Number.NaN, { x: 0, y: 0 })).toMatch(/above 0/);
    expect(calibratedAlignment({ px: 0, py: 0 }, { px: 0.5, py: 0 }, 1, { x: 0, y: 0 })).toMatch(/too close/);
  });
});

describe('alignment arithmetic', () => {
  it('a new pixels-a-square keeps the picture middle where it was on the map', () => {
    const p = { width: 1000, height: 800, pixelsPerSquare: 100, offsetX: 20, offsetY: 40 };
    const before = pictureToMap(p, 500, 400);
    const after = scaledAbout(p, 80);
    expect(after.pixelsPerSquare).toBe(80);
    const moved = pictureToMap(after, 500, 400);
    expect(moved.x).toBeCloseTo(before.x, 9);
    expect(moved.y).toBeCloseTo(before.y, 9);
    expect(mapToPicture(after, moved.x, moved.y)).toEqual({ px: 500, py: 400 });
  });

  it('a picture with no grid found is scaled to fit the map from its corner', () => {
    expect(fitAlignment({ width: 1200, height: 900 }, { width: 24, height: 12 })).toEqual({ pixelsPerSquare: 75, offsetX: 0, offsetY: 0 });
    expect(fitAlignment({ width: 10, height: 10 }, { width: 100, height: 100 })).toEqual({ pixelsPerSquare: 1, offsetX: 0, offsetY: 0 });
  });
});

describe('telling a picture file apart', () => {
  it('by its first bytes, not its name', () => {
    expect(isPictureBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]))).toBe(true);
    expect(isPictureBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isPictureBytes(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(isPictureBytes(new TextEncoder().encode('{"format":"encounter-builder"'))).toBe(false);
    expect(isPictureBytes(new Uint8Array([0xff, 0xd8]))).toBe(false);
  });

  it('names the file in a refusal', () => {
    expect(readPictureFile(new TextEncoder().encode('hello'), 'map.jpg')).toEqual({ ok: false, error: 'map.jpg was not imported: the picture is neither PNG, JPEG nor WebP.' });
  });
});

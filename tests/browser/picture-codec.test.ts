import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../src-shared/io/export';
import { browserCodec } from '../../src-renderer/platform/picture-decoder';

/**
 * The browser edition's picture codec, in Chromium: a PNG decodes to exactly its pixels (RGB,
 * transparency flattened onto white, as the desktop's sharp decoder does), and burnt-in labels are
 * drawn white with a dark outline where they are anchored, nothing elsewhere.
 */
describe('browser picture codec', () => {
  it('decodes a PNG to its own pixels, transparent ones onto white', async () => {
    const width = 5;
    const height = 3;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([i * 10, 255 - i * 10, (i * 37) % 256, i === 7 ? 0 : 255], i * 4);
    const bytes = encode({ width, height, data: rgba, channels: 4, depth: 8 });
    const image = await browserCodec.decode({ mime: 'image/png', data: encodeBase64(bytes), width, height });
    expect([image.width, image.height]).toEqual([width, height]);
    for (let i = 0; i < width * height; i++) {
      const want = i === 7 ? [255, 255, 255] : [i * 10, 255 - i * 10, (i * 37) % 256];
      expect(Array.from(image.data.subarray(i * 3, i * 3 + 3)), `pixel ${i}`).toEqual(want);
    }
  });

  it('paints labels white, outlined, centred on their anchor; transparent elsewhere', async () => {
    const layer = await browserCodec.paintText(200, 100, [{ text: 'CRYPT', x: 60, y: 30, size: 20 }]);
    expect([layer.width, layer.height, layer.data.length]).toEqual([200, 100, 200 * 100 * 4]);
    let white = 0;
    let elsewhere = 0;
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 200; x++) {
        const o = (y * 200 + x) * 4;
        const opaque = layer.data[o + 3]! > 200;
        const near = Math.abs(x - 60) < 45 && Math.abs(y - 30) < 15;
        if (opaque && near && layer.data[o]! > 230 && layer.data[o + 1]! > 230) white++;
        if (layer.data[o + 3]! > 0 && !near) elsewhere++;
      }
    }
    expect(white).toBeGreaterThan(30);
    expect(elsewhere).toBe(0);
  });
});

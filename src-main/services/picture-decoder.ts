import { pictureBytes, type PictureCodec, type PictureDecoder, type TextPainter } from '../../src-shared/io/export';

/**
 * The desktop's and the CLI's picture codec for exports that draw on the map picture: sharp
 * (libvips) decodes PNG, JPEG and WebP to 8-bit RGB, alpha flattened onto white, and draws burnt-in
 * labels from an SVG (librsvg with the system's fonts). Loaded on first use, so the exports that
 * never decode (most) do not load the native module.
 */
export const decodePictureWithSharp: PictureDecoder = async (picture) => {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(pictureBytes(picture), { limitInputPixels: 100_000_000 })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const paintTextWithSharp: TextPainter = async (width, height, texts) => {
  const { default: sharp } = await import('sharp');
  const lines = texts.map(
    (t) =>
      `<text x="${t.x}" y="${t.y}" font-size="${t.size}" font-family="sans-serif" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#ffffff" stroke="#000000" stroke-width="${Math.max(1, t.size / 6)}" paint-order="stroke">${xml(t.text)}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lines.join('')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: 100_000_000 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};

export const sharpCodec: PictureCodec = { decode: decodePictureWithSharp, paintText: paintTextWithSharp };

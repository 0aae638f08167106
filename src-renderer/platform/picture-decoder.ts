import { pictureBytes, type PictureCodec, type PictureDecoder, type TextPainter } from '../../src-shared/io/export';

/**
 * The browser edition's picture decoder for exports that draw on the map picture: the browser's own
 * image decoder (`createImageBitmap`) and an OffscreenCanvas to read the pixels, transparency
 * flattened onto white as the desktop's sharp decoder does.
 */
export const decodePictureInBrowser: PictureDecoder = async (picture) => {
  const bitmap = await createImageBitmap(new Blob([pictureBytes(picture) as BlobPart], { type: picture.mime }));
  try {
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas to decode the picture on');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0);
    const rgba = context.getImageData(0, 0, width, height).data;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
      rgb[o] = rgba[i]!;
      rgb[o + 1] = rgba[i + 1]!;
      rgb[o + 2] = rgba[i + 2]!;
    }
    return { width, height, data: rgb };
  } finally {
    bitmap.close();
  }
};

/** Burnt-in labels drawn with the browser's own fonts: white, outlined in black, as the desktop draws them. */
export const paintTextInBrowser: TextPainter = async (width, height, texts) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to draw the labels on');
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  for (const t of texts) {
    context.font = `bold ${t.size}px sans-serif`;
    context.lineWidth = Math.max(1, t.size / 6);
    context.strokeStyle = '#000000';
    context.strokeText(t.text, t.x, t.y);
    context.fillStyle = '#ffffff';
    context.fillText(t.text, t.x, t.y);
  }
  const rgba = context.getImageData(0, 0, width, height).data;
  return { width, height, data: new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.length) };
};

export const browserCodec: PictureCodec = { decode: decodePictureInBrowser, paintText: paintTextInBrowser };

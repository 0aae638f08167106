import { pictureBytes, type PictureDecoder } from '../../src-shared/io/export';

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

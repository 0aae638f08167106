import type { PictureDecoder } from '../../src-shared/io/export';
import { pictureBytes } from '../../src-shared/io/export';

/**
 * The desktop's and the CLI's picture decoder for exports that draw on the map picture: sharp
 * (libvips) decodes PNG, JPEG and WebP to 8-bit RGB, alpha flattened onto white. Loaded on first
 * use, so the exports that never decode (most) do not load the native module.
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

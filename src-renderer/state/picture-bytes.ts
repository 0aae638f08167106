/**
 * A picture file's bytes from its base64, in the workers that decode it (no DOM needed): the
 * engine's own decoder where it has one (`Uint8Array.fromBase64`, several times faster on an 8 MB
 * JPEG), else `atob`.
 */
export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array<ArrayBuffer> }).fromBase64;
  if (native) return native.call(Uint8Array, base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A JPEG decoded at about `size` by the browser's decoder (null where `ImageDecoder` is missing). */
export async function scaledDecode(bytes: Uint8Array<ArrayBuffer>, mime: string, size: { width: number; height: number }): Promise<ImageBitmap | null> {
  const Decoder = (globalThis as { ImageDecoder?: ImageDecoderConstructor }).ImageDecoder;
  if (!Decoder) return null;
  const decoder = new Decoder({ data: bytes, type: mime, desiredWidth: size.width, desiredHeight: size.height });
  try {
    const { image } = await decoder.decode();
    try {
      // Exactly the level's size, whatever size the decoder chose.
      return await createImageBitmap(image, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'medium' });
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}

/** The part of WebCodecs' `ImageDecoder` used here (not in every TypeScript DOM library yet). */
type ImageDecoderConstructor = new (init: { data: BufferSource; type: string; desiredWidth?: number; desiredHeight?: number }) => {
  decode(): Promise<{ image: CanvasImageSource & { close(): void } }>;
  close(): void;
};

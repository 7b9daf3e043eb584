import sharp from 'sharp';
import type { Pixels } from '../../apps/web/src/scanner/decode/image-ops';

/** Loads any image sharp reads (png, jpg, webp, gif…) as RGBA pixels, the shape canvas getImageData gives. */
export async function loadPixels(file: string): Promise<Pixels> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

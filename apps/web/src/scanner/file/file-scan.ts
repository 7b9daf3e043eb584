import type { DecodeResult } from '../decode/decode-image-data';
import { decodeInWorker } from '../decode/decoder-client';

/**
 * Loads a picked image into a hidden canvas and decodes it as a still (docs/spec.md §2, §4). The padding/min-height canvas
 * of docs/spec.md §9 is applied inside decodeStill, the same function the decode bench measures.
 */
export async function decodeFile(file: File): Promise<DecodeResult | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.hidden = true;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return await decodeInWorker('still', { data: img.data, width: img.width, height: img.height });
  } finally {
    bitmap.close();
  }
}

import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

/** Raw RGBA → one Y4M (YUV 4:2:0, BT.601) frame; Chromium loops it as the fake camera's picture. */
export function rgbaToY4m(rgba: Uint8Array, width: number, height: number, frames = 1): Buffer {
  const y = Buffer.alloc(width * height);
  const cw = width >> 1;
  const ch = height >> 1;
  const u = Buffer.alloc(cw * ch);
  const v = Buffer.alloc(cw * ch);
  for (let i = 0; i < width * height; i++) {
    const r = rgba[i * 4] ?? 0;
    const g = rgba[i * 4 + 1] ?? 0;
    const b = rgba[i * 4 + 2] ?? 0;
    y[i] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
  }
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const p = (cy * 2 * width + cx * 2) * 4;
      const r = rgba[p] ?? 0;
      const g = rgba[p + 1] ?? 0;
      const b = rgba[p + 2] ?? 0;
      u[cy * cw + cx] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
      v[cy * cw + cx] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

/** Writes a 640x480 Y4M with the barcode image centred on white (fills the default scan area). */
export async function makeBarcodeY4m(image: string, out: string): Promise<void> {
  const W = 640;
  const H = 480;
  const code = await sharp(image).resize(300, 300, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
  const { data } = await sharp({ create: { width: W, height: H, channels: 4, background: '#ffffff' } })
    .composite([{ input: code, left: (W - 300) / 2, top: (H - 300) / 2 }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  writeFileSync(out, rgbaToY4m(data, W, H));
}

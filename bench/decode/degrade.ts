import sharp from 'sharp';
import type { Pixels } from '../../apps/web/src/scanner/decode/image-ops';

/** One way a handheld's photo of a label is worse than the sample: the sample made worse the same way. */
export interface Degradation {
  name: string;
  apply: (file: string) => Promise<Pixels>;
}

async function raw(image: ReturnType<typeof sharp>): Promise<Pixels> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

async function scaled(file: string, factor: number): Promise<Pixels> {
  const meta = await sharp(file).metadata();
  const width = Math.max(8, Math.round((meta.width ?? 100) * factor));
  return raw(sharp(file).resize({ width, kernel: 'linear' }));
}

/**
 * The picture seen from below the label: the top edge narrowed by a fifth and the height foreshortened, by a
 * plane-to-plane projection with bilinear sampling (sharp has affine transforms only).
 */
export function keystone(img: Pixels, narrow = 0.2, squash = 0.85): Pixels {
  const { width: w, height: h } = img;
  const outH = Math.max(1, Math.round(h * squash));
  const out = new Uint8ClampedArray(w * outH * 4).fill(255);
  for (let y = 0; y < outH; y++) {
    const v = y / Math.max(1, outH - 1);
    // Rows near the top are narrower; perspective spacing: more source rows per output row at the far edge.
    const inset = (narrow / 2) * (1 - v) * w;
    const sy = ((v * (1 + narrow)) / (1 + narrow * v)) * (h - 1);
    for (let x = 0; x < w; x++) {
      const u = (x - inset) / Math.max(1, w - 2 * inset);
      if (u < 0 || u > 1) continue;
      const sx = u * (w - 1);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 4; c++) {
        const at = (xx: number, yy: number) => img.data[(yy * w + xx) * 4 + c] ?? 255;
        const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
        const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
        out[(y * w + x) * 4 + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return { data: out, width: w, height: outH };
}

export const DEGRADATIONS: Degradation[] = [
  { name: 'downscaled to 1/2', apply: (f) => scaled(f, 0.5) },
  { name: 'downscaled to 1/3', apply: (f) => scaled(f, 1 / 3) },
  { name: 'blurred (σ 1.5)', apply: (f) => raw(sharp(f).blur(1.5)) },
  { name: 'blurred (σ 3)', apply: (f) => raw(sharp(f).blur(3)) },
  {
    name: 'JPEG quality 10',
    apply: async (f) => raw(sharp(await sharp(f).flatten({ background: '#fff' }).jpeg({ quality: 10 }).toBuffer())),
  },
  {
    name: 'perspective (top 20 % narrower)',
    apply: async (f) => keystone(await raw(sharp(f).flatten({ background: '#fff' }))),
  },
  {
    name: 'low contrast (35 %)',
    apply: (f) =>
      raw(
        sharp(f)
          .flatten({ background: '#fff' })
          .linear(0.35, 0.4 * 255),
      ),
  },
  {
    name: 'handheld photo (½, blur σ 1, JPEG 30)',
    apply: async (f) => {
      const meta = await sharp(f).metadata();
      const small = await sharp(f)
        .flatten({ background: '#fff' })
        .resize({ width: Math.max(8, Math.round((meta.width ?? 100) / 2)) })
        .blur(1)
        .jpeg({ quality: 30 })
        .toBuffer();
      return raw(sharp(small));
    },
  },
];

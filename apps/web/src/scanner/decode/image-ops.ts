// Pixel helpers shared by the camera worker, the file scan and the decode bench, so all three decode the
// same pixels. Plain objects instead of ImageData: Node (bench, tests) has no ImageData class.
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Copies a rectangle out of an RGBA image (clamped to the image). */
export function cropPixels(img: Pixels, rect: Rect): Pixels {
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  const w = Math.min(img.width - x, Math.floor(rect.width));
  const h = Math.min(img.height - y, Math.floor(rect.height));
  if (w <= 0 || h <= 0) return { data: new Uint8ClampedArray(0), width: 0, height: 0 };
  if (x === 0 && y === 0 && w === img.width && h === img.height) return img;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row++) {
    const start = ((y + row) * img.width + x) * 4;
    out.set(img.data.subarray(start, start + w * 4), row * w * 4);
  }
  return { data: out, width: w, height: h };
}

/**
 * The file scan's hidden canvas (docs/spec.md §9): a white border of `padding` px and at least `minHeight` px of image
 * area, so a code printed up to the photo's edge still has a quiet zone.
 */
export function padPixels(img: Pixels, padding: number, minHeight: number): Pixels {
  const innerH = Math.max(img.height, minHeight);
  const width = img.width + 2 * padding;
  const height = innerH + 2 * padding;
  const out = new Uint8ClampedArray(width * height * 4).fill(255);
  const top = padding + Math.floor((innerH - img.height) / 2);
  for (let row = 0; row < img.height; row++) {
    const src = row * img.width * 4;
    out.set(img.data.subarray(src, src + img.width * 4), ((top + row) * width + padding) * 4);
  }
  return { data: out, width, height };
}

/**
 * The scan area (qrbox, in CSS px of the preview) mapped to frame pixels, centred, with a 10 % margin so a
 * code touching the drawn frame is still read whole.
 */
export function scanAreaRect(
  frame: { width: number; height: number },
  view: { width: number; height: number },
  qrBox: { width: number; height: number },
): Rect {
  const scale = view.width > 0 && view.height > 0 ? Math.max(frame.width / view.width, frame.height / view.height) : 1;
  const w = Math.min(frame.width, qrBox.width * scale * 1.1);
  const h = Math.min(frame.height, qrBox.height * scale * 1.1);
  return { x: (frame.width - w) / 2, y: (frame.height - h) / 2, width: w, height: h };
}

/**
 * The image resampled by `factor` (bilinear), so a second read sees the bars on other pixels: at another scale
 * the decoder's scan lines fall elsewhere across each bar, and a blur or JPEG block that fooled one read
 * rarely fools the other the same way.
 */
export function scalePixels(img: Pixels, factor: number): Pixels {
  const width = Math.max(1, Math.round(img.width * factor));
  const height = Math.max(1, Math.round(img.height * factor));
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(img.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(img.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      sampleBilinear(img, sx, sy, out, (y * width + x) * 4);
    }
  }
  return { data: out, width, height };
}

/**
 * The image turned by `degrees` about its centre (bilinear, white outside the picture), on a canvas large enough
 * to hold it whole. A few degrees make the decoder's scan lines cross every bar at another angle and through
 * other pixels, so a skewed or blurred label is read along other paths than the first read took.
 */
export function rotatePixels(img: Pixels, degrees: number): Pixels {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const width = Math.max(1, Math.ceil(Math.abs(img.width * cos) + Math.abs(img.height * sin)));
  const height = Math.max(1, Math.ceil(Math.abs(img.width * sin) + Math.abs(img.height * cos)));
  const out = new Uint8ClampedArray(width * height * 4).fill(255);
  const cx = (img.width - 1) / 2;
  const cy = (img.height - 1) / 2;
  const ox = (width - 1) / 2;
  const oy = (height - 1) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The source point this output pixel shows: the inverse rotation about the centres.
      const sx = (x - ox) * cos + (y - oy) * sin + cx;
      const sy = -(x - ox) * sin + (y - oy) * cos + cy;
      if (sx < 0 || sy < 0 || sx > img.width - 1 || sy > img.height - 1) continue;
      sampleBilinear(img, sx, sy, out, (y * width + x) * 4);
    }
  }
  return { data: out, width, height };
}

/** The picture's colour at the point (sx, sy) inside it, blended from its four neighbours, written at `o`. */
function sampleBilinear(img: Pixels, sx: number, sy: number, out: Uint8ClampedArray, o: number): void {
  const src = img.data;
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const x1 = Math.min(img.width - 1, x0 + 1);
  const y1 = Math.min(img.height - 1, y0 + 1);
  const fx = sx - x0;
  const fy = sy - y0;
  const a = (y0 * img.width + x0) * 4;
  const b = (y0 * img.width + x1) * 4;
  const c = (y1 * img.width + x0) * 4;
  const d = (y1 * img.width + x1) * 4;
  for (let ch = 0; ch < 4; ch++) {
    const top = (src[a + ch] as number) * (1 - fx) + (src[b + ch] as number) * fx;
    const bottom = (src[c + ch] as number) * (1 - fx) + (src[d + ch] as number) * fx;
    out[o + ch] = top * (1 - fy) + bottom * fy;
  }
}

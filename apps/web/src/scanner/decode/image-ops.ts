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

// Draws the PWA icons (a white "M" bar glyph on the theme blue) as real PNGs with plain zlib encoding,
// so no image tool is needed. Run: node scripts/make-icons.mjs (outputs committed in public/icons).
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x18, 0x64, 0xab];
const WHITE = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** True where the glyph is: an "M" of three strokes inside the safe zone (inner 60 % for maskable). */
function inGlyph(x, y, size, safe) {
  const m = (size * (1 - safe)) / 2;
  const u = (x - m) / (size - 2 * m);
  const v = (y - m) / (size - 2 * m);
  if (u < 0.12 || u > 0.88 || v < 0.18 || v > 0.82) return false;
  const stroke = 0.14;
  if (u < 0.12 + stroke || u > 0.88 - stroke) return true;
  // The two diagonals meet in the middle at 60 % height.
  const t = (u - 0.12) / 0.76;
  const diag = t < 0.5 ? 0.18 + t * 2 * 0.42 : 0.18 + (1 - t) * 2 * 0.42;
  return Math.abs(v - diag) < stroke * 0.75;
}

function png(size, { safe, rounded }) {
  const raw = Buffer.alloc(size * (size * 3 + 1));
  const r = size * 0.18;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const cx = Math.min(Math.max(x, r), size - r);
      const cy = Math.min(Math.max(y, r), size - r);
      const outside = rounded && (x - cx) ** 2 + (y - cy) ** 2 > r * r;
      const color = outside ? WHITE : inGlyph(x, y, size, safe) ? WHITE : BLUE;
      raw.set(color, y * (size * 3 + 1) + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), png(192, { safe: 0.8, rounded: true }));
writeFileSync(new URL('icon-512.png', out), png(512, { safe: 0.8, rounded: true }));
writeFileSync(new URL('icon-maskable-512.png', out), png(512, { safe: 0.6, rounded: false }));
writeFileSync(new URL('apple-touch-icon-180.png', out), png(180, { safe: 0.8, rounded: false }));
console.info('icons written');

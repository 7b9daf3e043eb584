import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame } from './decode-frame';
import { decodeImageData } from './decode-image-data';
import { decodeStill } from './decode-still';
import type { Pixels } from './image-ops';
import { initNodeDecoder } from './node-decoder';

// Repo root is four levels up from here; the photos live beside the repo (shared/data/barcodes).
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const dataDir = path.resolve(repoRoot, '../shared/data/barcodes');

async function load(rel: string): Promise<Pixels> {
  const { data, info } = await sharp(path.join(dataDir, rel)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}
const expected = (rel: string) => readFileSync(path.join(dataDir, rel.replace(/\.[^.]+$/, '.txt')), 'utf8');

const CASES: [string, string][] = [
  ['ean13-1/15.webp', 'ean13'],
  ['ean13-3/03.webp', 'ean13'],
  ['ean8-1/1.png', 'ean8'],
  // ZXing-C++ reports a UPC-A as EAN-13 (same symbol with a leading 0) when both formats are enabled.
  ['upca-1/2.webp', 'ean13'],
  ['upce-1/1.png', 'upc_e'],
  ['code128-1/1.png', 'code128'],
  ['code39-1/1.png', 'code39'],
  ['code39-1/pzn-1.png', 'code39'],
  ['itf-1/1.webp', 'itf'],
  ['qrcode-3/01.webp', 'qrcode'],
  ['datamatrix-2/01.webp', 'datamatrix'],
  ['pdf417-3/01.png', 'pdf417'],
  ['rssexpanded-1/13.png', 'rss_expanded'],
];

describe.skipIf(!existsSync(dataDir))('decodeImageData on real photos', () => {
  beforeAll(async () => {
    await initNodeDecoder();
  });

  for (const [rel, labelType] of CASES) {
    it.skipIf(!existsSync(path.join(dataDir, rel)))(`reads ${rel}`, async () => {
      const r = await decodeStill(await load(rel));
      expect(r?.text).toBe(expected(rel));
      expect(r?.labelType).toBe(labelType);
    });
  }

  it('keeps the add-on of a Bookland EAN-13', async () => {
    const r = await decodeStill(await load('ean13-extension-1/1.png'));
    expect(r?.text).toBe('978073520044951299');
  });

  it('reads a faint EAN-13 right where two scan lines agreed on a wrong one', async () => {
    // The sample at 35 % contrast, as a label under cold-store frost or a worn thermal print.
    const { data, info } = await sharp(path.join(dataDir, 'ean13-1/35.webp'))
      .flatten({ background: '#fff' })
      .linear(0.35, 0.4 * 255)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const faint = { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
    expect((await decodeStill(faint, { checkReads: false }))?.text).not.toBe(expected('ean13-1/35.webp'));
    expect((await decodeStill(faint))?.text).toBe(expected('ean13-1/35.webp'));
  });

  it('gives no answer rather than a wrong UPC-A for a photo only one read makes out', async () => {
    // upca-3/11 saved at JPEG quality 10: 2 scan lines agree on "0844818000216", nothing else reads it.
    const src = path.join(dataDir, 'upca-3/11.webp');
    const jpeg = await sharp(await sharp(src).flatten({ background: '#fff' }).jpeg({ quality: 10 }).toBuffer())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const blocky = { data: new Uint8ClampedArray(jpeg.data), width: jpeg.info.width, height: jpeg.info.height };
    expect((await decodeStill(blocky, { checkReads: false }))?.text).toBe('0844818000216');
    expect(await decodeStill(blocky)).toBeNull();
  });

  it('gives no answer rather than other text for a PDF417 shrunk until its rows run together', async () => {
    // pdf417-3/09 at a third of its size decodes to other text; a copy enlarged 3 times reads the printed one.
    const src = path.join(dataDir, 'pdf417-3/09.webp');
    const width = Math.round(((await sharp(src).metadata()).width ?? 0) / 3);
    const { data, info } = await sharp(src)
      .resize({ width, kernel: 'linear' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const small = { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
    const unchecked = await decodeStill(small, { checkReads: false });
    expect(unchecked?.format).toBe('PDF_417');
    expect(unchecked?.text).not.toBe(expected('pdf417-3/09.webp'));
    expect(await decodeStill(small)).toBeNull();
  });

  it('still reads the photos where only a rescaled copy backs the first read', async () => {
    for (const rel of ['ean13-3/30.webp', 'upca-3/11.webp', 'upca-5/09.webp', 'upce-3/05.webp', 'upce-3/09.webp']) {
      expect((await decodeStill(await load(rel)))?.text).toBe(expected(rel));
    }
  });

  it('reads a blurred EAN-13 the rescaled copies cannot make out when further read variants back it', async () => {
    // ean13-1/25 blurred (σ 1.5): the strict read and the 0.75, 1.5 and 3 copies find nothing; the half-size copy,
    // the fixed threshold and the picture turned 5° read the label's code.
    const { data, info } = await sharp(path.join(dataDir, 'ean13-1/25.webp'))
      .blur(1.5)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const blurred = { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
    expect((await decodeStill(blurred))?.text).toBe(expected('ean13-1/25.webp'));
  });

  it('reads a DataMatrix the first read misses when two read variants agree on it', async () => {
    for (const rel of ['datamatrix-5/issue1063.webp', 'datamatrix-5/issue794-13-4.webp']) {
      const picture = await load(rel);
      expect(await decodeStill(picture, { checkReads: false })).toBeNull();
      expect((await decodeStill(picture))?.text).toBe(expected(rel));
    }
  });

  it('gives no answer rather than a Bookland EAN-13 without its add-on when only the rescue variants read it', async () => {
    // ean13-extension-1/38 at 35 % contrast: the thorough read finds nothing; the variants, which leave add-ons out, agree on the main code.
    const { data, info } = await sharp(path.join(dataDir, 'ean13-extension-1/38.webp'))
      .flatten({ background: '#fff' })
      .linear(0.35, 0.4 * 255)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const faint = { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
    expect(await decodeStill(faint, { checkReads: false })).toBeNull();
    expect(await decodeStill(faint)).toBeNull();
  });

  it('a camera frame is sure of a clean EAN at once; a faint one waits for the next frame, with the right text', async () => {
    const clean = await decodeFrame(await load('ean13-1/15.webp'));
    expect(clean).toMatchObject({ text: expected('ean13-1/15.webp'), confirmed: true });
    const { data, info } = await sharp(path.join(dataDir, 'ean13-1/35.webp'))
      .flatten({ background: '#fff' })
      .linear(0.35, 0.4 * 255)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const faint = await decodeFrame({ data: new Uint8ClampedArray(data), width: info.width, height: info.height });
    expect(faint).toMatchObject({ text: expected('ean13-1/35.webp'), confirmed: false });
  });

  it('reads nothing on images without a barcode', async () => {
    for (const f of ['01.webp', '02.webp', '05.webp']) {
      expect(await decodeStill(await load(`falsepositives-1/${f}`))).toBeNull();
    }
  });

  it('rejects ITF shorter than 6 digits (§5)', async () => {
    expect(await decodeImageData(await load('itf-1/#853.png'))).toBeNull();
  });
});

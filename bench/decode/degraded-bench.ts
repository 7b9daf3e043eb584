// Degraded-photo decode bench: every sample of the barcodes folder made worse in the ways a handheld's photo is
// (downscaled, blurred, JPEG, perspective, low contrast), read through the app's file-scan pipeline with the
// reader settings before and after the precision change. A wrong read (a text other than the label's) counts
// a wrong article; no read is only a second try. Writes the decode-degraded section of bench/RESULTS.md.
// Usage: npx tsx decode/degraded-bench.ts [folder]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBarcodes } from 'zxing-wasm/reader';
import { CONFIRMING_LINES } from '../../apps/web/src/scanner/decode/decode-confirm';
import { READER_OPTIONS } from '../../apps/web/src/scanner/decode/decode-image-data';
import { decodeStill } from '../../apps/web/src/scanner/decode/decode-still';
import type { Pixels } from '../../apps/web/src/scanner/decode/image-ops';
import { initNodeDecoder } from '../../apps/web/src/scanner/decode/node-decoder';
import { judge, listSamples, type Sample } from './dataset';
import { DEGRADATIONS } from './degrade';
import { loadPixels } from './load-image';
import { writeSection } from './results-md';

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.resolve(process.cwd(), process.argv[2] ?? path.join(here, '../../../shared/data/barcodes'));

/** Before: one read, accepted when 2 scan lines agree. After: retail codes confirmed by a stricter read. */
const SETTINGS = [
  { name: 'before', options: { confirmRetail: false } },
  { name: 'after', options: {} },
] as const;

interface Tally {
  images: number;
  correct: number;
  wrong: number;
  /** The right EAN-13 with its add-on (2 or 5 digits) read or missed unlike the expectation: the same article. */
  addOn: number;
  /** Another code that is really in the picture (read from the clean photo too), not the one the sample names. */
  otherCode: number;
  falsePositives: number;
}
const empty = (): Tally => ({ images: 0, correct: 0, wrong: 0, addOn: 0, otherCode: 0, falsePositives: 0 });

const EAN13_WITH_ADD_ON = /^\d{13}(\d{2}|\d{5})?$/;

/** The read and the expectation (which differ) are the same EAN-13, one with an add-on the other lacks. */
function addOnOnly(sample: Sample, text: string | undefined): boolean {
  if (!text || sample.expected.kind !== 'text' || !EAN13_WITH_ADD_ON.test(text)) return false;
  return sample.expected.values.some((v) => EAN13_WITH_ADD_ON.test(v) && v.slice(0, 13) === text.slice(0, 13));
}

/**
 * Every code the clean photo holds, read with room for several symbols: a picture with two codes (a QR code
 * inside a QR code) may give the other one when degraded. That is a real code of the picture, not a misread.
 */
const codesInPicture = new Map<string, Set<string>>();
async function inPicture(sample: Sample): Promise<Set<string>> {
  let codes = codesInPicture.get(sample.path);
  if (!codes) {
    const img = await loadPixels(sample.path);
    const reads = await readBarcodes({ ...img, colorSpace: 'srgb' } as ImageData, {
      ...READER_OPTIONS,
      maxNumberOfSymbols: 16,
    });
    codes = new Set(reads.filter((r) => r.isValid && r.text).map((r) => r.text));
    codesInPicture.set(sample.path, codes);
  }
  return codes;
}

await initNodeDecoder();
const samples = listSamples(folder).filter((s: Sample) => s.falsePositiveSet || s.expected.kind !== 'none');
const variants = [{ name: 'as photographed (the sample set)', apply: loadPixels }, ...DEGRADATIONS];
const table = new Map<string, Record<string, Tally>>();
const wrongs: string[] = [];

for (const variant of variants) {
  const row: Record<string, Tally> = { before: empty(), after: empty() };
  for (const sample of samples) {
    let img: Pixels;
    try {
      img = await variant.apply(sample.path);
    } catch {
      continue;
    }
    for (const setting of SETTINGS) {
      const read = await decodeStill(img, setting.options);
      const verdict = judge(sample, read);
      const t = row[setting.name] as Tally;
      if (!sample.falsePositiveSet) t.images++;
      if (verdict === 'correct') t.correct++;
      if (verdict === 'wrong' && addOnOnly(sample, read?.text)) t.addOn++;
      else if (verdict === 'wrong' && read && (await inPicture(sample)).has(read.text)) t.otherCode++;
      else if (verdict === 'wrong') {
        t.wrong++;
        wrongs.push(
          `${setting.name} · ${variant.name} · ${sample.set}/${sample.file}: read ${JSON.stringify(read?.text)}`,
        );
      }
      if (verdict === 'falsePositive') t.falsePositives++;
    }
  }
  table.set(variant.name, row);
  const b = row.before as Tally;
  const a = row.after as Tally;
  console.log(
    `${variant.name}: before ${b.correct}/${b.wrong}/${b.addOn}/${b.otherCode}, after ${a.correct}/${a.wrong}/${a.addOn}/${a.otherCode} (correct/wrong/add-on/other code)`,
  );
}
for (const w of wrongs) console.log(`wrong: ${w}`);

const lines = [...table].map(([name, r]) => {
  const b = r.before as Tally;
  const a = r.after as Tally;
  return `| ${name} | ${a.images} | ${b.correct} | ${b.wrong} | ${b.addOn} | ${b.otherCode} | ${b.falsePositives} | ${a.correct} | ${a.wrong} | ${a.addOn} | ${a.otherCode} | ${a.falsePositives} |`;
});
const totals = (key: 'before' | 'after') =>
  [...table.values()].reduce(
    (s, r) => {
      const t = r[key] as Tally;
      return {
        correct: s.correct + t.correct,
        wrong: s.wrong + t.wrong,
        addOn: s.addOn + t.addOn,
        otherCode: s.otherCode + t.otherCode,
        falsePositives: s.falsePositives + t.falsePositives,
      };
    },
    { correct: 0, wrong: 0, addOn: 0, otherCode: 0, falsePositives: 0 },
  );
const before = totals('before');
const after = totals('after');

writeSection(
  path.join(here, '../RESULTS.md'),
  'decode-degraded',
  [
    '## Decode of degraded photos (wrong reads)',
    '',
    `\`cd bench && npx tsx decode/degraded-bench.ts\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}. Every scored sample of`,
    `\`${path.relative(path.join(here, '../..'), folder)}\` (and the false-positive set) made worse as a handheld's photo is, read`,
    "through the app's file-scan pipeline (as-is, then padded) with the reader settings before and after the",
    `precision change (EAN/UPC confirmed by a read where ${CONFIRMING_LINES} scan lines agree, not 2). Correct / wrong reads / reads of a picture`,
    'without a code (false positives).',
    'A wrong read is a wrong article counted; no read only asks for a second scan. Target: 0 wrong reads, and on',
    'the sample set itself no fewer correct reads than before.',
    '',
    "Add-on: the right EAN-13 whose 2- or 5-digit add-on was read or missed unlike the sample's expectation",
    '(the same article; a Bookland price add-on is kept, spec §5). Other code: a code that is really in the',
    'picture too (read from the clean photo with room for several codes) but not the one the sample names, as the',
    'outer code of the QR code inside a QR code (`qrcode-2/16`): what the picture shows, not a misread.',
    '',
    '| picture | images | correct before | wrong before | add-on before | other code before | false pos. before | correct after | wrong after | add-on after | other code after | false pos. after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    `| **total** | | ${before.correct} | ${before.wrong} | ${before.addOn} | ${before.otherCode} | ${before.falsePositives} | ${after.correct} | ${after.wrong} | ${after.addOn} | ${after.otherCode} | ${after.falsePositives} |`,
    '',
    ...(wrongs.length ? ['Wrong reads:', '', ...wrongs.map((w) => `- ${w}`)] : ['No wrong read.']),
    '',
    '```json',
    JSON.stringify({ before, after }),
    '```',
  ].join('\n'),
);
console.log(JSON.stringify({ before, after }));

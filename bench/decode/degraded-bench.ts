// Degraded-photo decode bench: every sample of the barcodes folder made worse in the ways a handheld's photo is
// (downscaled, blurred, JPEG, perspective, low contrast), read through the app's file-scan pipeline with the
// three rules for retail codes: none, the strict-lines check the app had until 2026-11-27, and the agreement rule it
// has now. A wrong read (a text other than the label's) counts a wrong article; no read is only a second try. Writes the decode-degraded section of bench/RESULTS.md.
// Usage: npx tsx decode/degraded-bench.ts [folder]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBarcodes } from 'zxing-wasm/reader';
import { CONFIRMING_LINES, confirmLinear } from '../../apps/web/src/scanner/decode/decode-confirm';
import { type DecodeResult, READER_OPTIONS } from '../../apps/web/src/scanner/decode/decode-image-data';
import { decodeStill } from '../../apps/web/src/scanner/decode/decode-still';
import type { Pixels } from '../../apps/web/src/scanner/decode/image-ops';
import { initNodeDecoder } from '../../apps/web/src/scanner/decode/node-decoder';
import { RESCALED_VIEWS, RETAIL_FORMATS } from '../../apps/web/src/scanner/decode/still-agreement';
import { judge, listSamples, type Sample } from './dataset';
import { DEGRADATIONS } from './degrade';
import { loadPixels } from './load-image';
import { writeSection } from './results-md';

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.resolve(process.cwd(), process.argv[2] ?? path.join(here, '../../../shared/data/barcodes'));

/**
 * The strict-lines check as the app had it until 2026-11-27: a retail code read again with CONFIRMING_LINES scan
 * lines; another code there counts instead, and where that read finds nothing the first read counts alone.
 */
async function strictLinesRule(img: Pixels): Promise<DecodeResult | null> {
  const first = await decodeStill(img, { checkReads: false });
  if (!first || !RETAIL_FORMATS.includes(first.format)) return first;
  const confirmation = await confirmLinear(img, first);
  return confirmation && !confirmation.agrees ? confirmation.read : first;
}

/** None: one read, accepted when 2 scan lines agree. Lines: until 2026-11-27. Agreement: the app's rule now. */
const SETTINGS = [
  { name: 'none', read: (img: Pixels) => decodeStill(img, { checkReads: false }) },
  { name: 'lines', read: strictLinesRule },
  { name: 'agreement', read: (img: Pixels) => decodeStill(img) },
] as const;
type SettingName = (typeof SETTINGS)[number]['name'];

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
const table = new Map<string, Record<SettingName, Tally>>();
const wrongs: string[] = [];

for (const variant of variants) {
  const row: Record<SettingName, Tally> = { none: empty(), lines: empty(), agreement: empty() };
  for (const sample of samples) {
    let img: Pixels;
    try {
      img = await variant.apply(sample.path);
    } catch {
      continue;
    }
    for (const setting of SETTINGS) {
      const read = await setting.read(img);
      const verdict = judge(sample, read);
      const t = row[setting.name];
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
  const cell = (t: Tally) => `${t.correct}/${t.wrong}/${t.addOn}/${t.otherCode}`;
  console.log(
    `${variant.name}: none ${cell(row.none)}, lines ${cell(row.lines)}, agreement ${cell(row.agreement)} (correct/wrong/add-on/other code)`,
  );
}
for (const w of wrongs) console.log(`wrong: ${w}`);

const lines = [...table].map(([name, r]) => {
  const { none: n, lines: l, agreement: a } = r;
  return `| ${name} | ${a.images} | ${n.correct} | ${n.wrong} | ${l.correct} | ${l.wrong} | ${a.correct} | ${a.wrong} | ${a.correct - l.correct} | ${a.addOn} | ${a.otherCode} | ${a.falsePositives} |`;
});
const totals = (key: SettingName) =>
  [...table.values()].reduce(
    (s, r) => {
      const t = r[key];
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
const none = totals('none');
const strictLines = totals('lines');
const agreement = totals('agreement');

writeSection(
  path.join(here, '../RESULTS.md'),
  'decode-degraded',
  [
    '## Decode of degraded photos (wrong reads)',
    '',
    `\`cd bench && npx tsx decode/degraded-bench.ts\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}. Every scored sample of`,
    `\`${path.relative(path.join(here, '../..'), folder)}\` (and the false-positive set) made worse as a handheld's photo is, read`,
    "through the app's file-scan pipeline (as-is, then padded) with three rules for EAN/UPC codes. **None**: one",
    "read, 2 scan lines agree. **Lines** (the app's rule until 2026-11-27): read again with",
    `${CONFIRMING_LINES} scan lines that must agree; another code there counts instead, and where that read finds nothing the`,
    'first read counts alone. **Agreement** (the rule now, `still-agreement.ts`): the code counts when the',
    `${CONFIRMING_LINES}-line read backs the first read, or else when a copy rescaled by ${RESCALED_VIEWS.join(', ')} reads the same`,
    'code and no rescaled copy reads another; otherwise no answer. A PDF417 counts unless a rescaled copy reads',
    'other text. Recall cost: correct reads of the agreement rule minus those of the lines rule.',
    'A wrong read is a wrong article counted; no read only asks for a second scan. Target: 0 wrong reads, and on',
    'the sample set itself no fewer correct reads than before.',
    '',
    "Add-on: the right EAN-13 whose 2- or 5-digit add-on was read or missed unlike the sample's expectation",
    '(the same article; a Bookland price add-on is kept, docs/spec.md §5). Other code: a code that is really in the',
    'picture too (read from the clean photo with room for several codes) but not the one the sample names, as the',
    'outer code of the QR code inside a QR code (`qrcode-2/16`): what the picture shows, not a misread.',
    '',
    'Add-on, other code and false positives are those of the agreement rule.',
    '',
    '| picture | images | correct, none | wrong, none | correct, lines | wrong, lines | correct, agreement | wrong, agreement | recall cost | add-on | other code | false pos. |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    `| **total** | | ${none.correct} | ${none.wrong} | ${strictLines.correct} | ${strictLines.wrong} | ${agreement.correct} | ${agreement.wrong} | ${agreement.correct - strictLines.correct} | ${agreement.addOn} | ${agreement.otherCode} | ${agreement.falsePositives} |`,
    '',
    ...(wrongs.length ? ['Wrong reads:', '', ...wrongs.map((w) => `- ${w}`)] : ['No wrong read.']),
    '',
    '```json',
    JSON.stringify({ none, lines: strictLines, agreement }),
    '```',
  ].join('\n'),
);
console.log(JSON.stringify({ none, lines: strictLines, agreement }));

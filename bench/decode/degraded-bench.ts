// Degraded-photo decode bench: every sample of the barcodes folder made worse in the ways a handheld's photo is
// (downscaled, blurred, JPEG, perspective, low contrast), read through the app's file-scan pipeline with three
// rules: the strict-lines check the app had until 2026-11-27, the agreement rule it had from then (the strict read
// and rescaled copies only), and the file scan now (quick first read, further read variants, rescue of a missed
// picture). A wrong read (a text other than the label's) counts a wrong article; no read is only a second try.
// Prints and writes recall per degradation (the decode-degraded section of bench/RESULTS.md).
// Usage: npx tsx decode/degraded-bench.ts [folder]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBarcodes } from 'zxing-wasm/reader';
import { CONFIRMING_LINES, confirmLinear } from '../../apps/web/src/scanner/decode/decode-confirm';
import { type DecodeResult, READER_OPTIONS } from '../../apps/web/src/scanner/decode/decode-image-data';
import { decodeStill } from '../../apps/web/src/scanner/decode/decode-still';
import type { Pixels } from '../../apps/web/src/scanner/decode/image-ops';
import { initNodeDecoder } from '../../apps/web/src/scanner/decode/node-decoder';
import { CHECK_VARIANTS, MORE_VARIANTS, RESCUE_VARIANTS } from '../../apps/web/src/scanner/decode/read-variants';
import { RETAIL_FORMATS } from '../../apps/web/src/scanner/decode/still-agreement';
import { agreementRuleOf20261127 } from './agreement-2026-11-27';
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

/** Lines: until 2026-11-27. Agreement: from 2026-11-27 until the read variants. Variants: the app's file scan now. */
const SETTINGS = [
  { name: 'lines', read: strictLinesRule },
  { name: 'agreement', read: agreementRuleOf20261127 },
  { name: 'variants', read: (img: Pixels) => decodeStill(img) },
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
  /** Time spent reading the pictures with this rule, ms (the machine is shared: compare rules of one run only). */
  ms: number;
}
const empty = (): Tally => ({ images: 0, correct: 0, wrong: 0, addOn: 0, otherCode: 0, falsePositives: 0, ms: 0 });

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
  const row: Record<SettingName, Tally> = { lines: empty(), agreement: empty(), variants: empty() };
  for (const sample of samples) {
    let img: Pixels;
    try {
      img = await variant.apply(sample.path);
    } catch {
      continue;
    }
    for (const setting of SETTINGS) {
      const t = row[setting.name];
      const t0 = performance.now();
      const read = await setting.read(img);
      t.ms += performance.now() - t0;
      const verdict = judge(sample, read);
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
  console.log(`${variant.name}: ${SETTINGS.map((st) => `${st.name} ${cell(row[st.name])}`).join(', ')}`);
}
for (const w of wrongs) console.log(`wrong: ${w}`);

/** Correct reads, wrong reads, add-on, other code. */
function cell(t: Tally): string {
  return `${t.correct} correct (${recall(t)}), ${t.wrong} wrong, ${t.addOn}/${t.otherCode} add-on/other code`;
}
function recall(t: Tally): string {
  return `${((100 * t.correct) / Math.max(1, t.images)).toFixed(1)} %`;
}
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

const lines = [...table].map(([name, r]) => {
  const { lines: l, agreement: a, variants: v } = r;
  return `| ${name} | ${v.images} | ${l.correct} | ${l.wrong} | ${a.correct} (${recall(a)}) | ${a.wrong} | ${v.correct} (${recall(v)}) | ${v.wrong} | ${v.correct - l.correct} | ${v.addOn} | ${v.otherCode} | ${v.falsePositives} | ${ratio(v.ms, a.ms)} |`;
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
        ms: s.ms + t.ms,
      };
    },
    { correct: 0, wrong: 0, addOn: 0, otherCode: 0, falsePositives: 0, ms: 0 },
  );
const strictLines = totals('lines');
const agreement = totals('agreement');
const now = totals('variants');
const names = (variants: readonly { name: string }[]) => variants.map((v) => v.name).join(', ');
const round = (t: ReturnType<typeof totals>) => ({ ...t, ms: Math.round(t.ms) });

writeSection(
  path.join(here, '../RESULTS.md'),
  'decode-degraded',
  [
    '## Decode of degraded photos (recall per degradation, wrong reads)',
    '',
    `\`cd bench && npx tsx decode/degraded-bench.ts\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on a machine shared with other`,
    `sessions' builds and tests (times are comparable within this run only). Every scored sample of`,
    `\`${path.relative(path.join(here, '../..'), folder)}\` (and the false-positive set) made worse as a handheld's photo is, read`,
    "through the app's file-scan pipeline with three rules, all in this run. **Lines** (until 2026-11-27): the",
    `thorough read (as-is, then padded); an EAN/UPC read again with ${CONFIRMING_LINES} scan lines that must agree, another code there`,
    'counts instead, and where that read finds nothing the first read counts alone. **Agreement** (2026-11-27 until',
    `now, \`agreement-2026-11-27.ts\`): an EAN/UPC counts when the ${CONFIRMING_LINES}-line read backs the first read, or else`,
    `when a copy ${names(CHECK_VARIANTS)} reads the same code and none reads another; a PDF417 counts unless such a copy`,
    'reads other text. **Variants** (the file scan now, `decode-still.ts`): a quick first read (one orientation, the',
    "reader's fast mode) that counts a 2D or non-retail code at once and an EAN/UPC when the",
    `${CONFIRMING_LINES}-line read backs it; else the agreement rule, where no rescaled copy found the code at all further`,
    `reads (${names(MORE_VARIANTS)}) may back it under the same rule; and a picture the thorough read found`,
    `nothing in is read as ${names(RESCUE_VARIANTS)}: a code counts when two of those agree and none reads another.`,
    'Gain: correct reads of the file scan now minus those of the lines rule (before the agreement rule). Time:',
    "the file scan's time now over the agreement rule's, on that degradation's pictures.",
    'A wrong read is a wrong article counted; no read only asks for a second scan. Target: 0 wrong reads, and',
    'no fewer correct reads than the lines rule.',
    '',
    "Add-on: the right EAN-13 whose 2- or 5-digit add-on was read or missed unlike the sample's expectation",
    '(the same article; a Bookland price add-on is kept, docs/spec.md §5). Other code: a code that is really in the',
    'picture too (read from the clean photo with room for several codes) but not the one the sample names, as the',
    'outer code of the QR code inside a QR code (`qrcode-2/16`): what the picture shows, not a misread.',
    'Add-on, other code and false positives are those of the file scan now.',
    '',
    '| picture | images | correct, lines | wrong, lines | correct (recall), agreement | wrong, agreement | correct (recall), variants | wrong, variants | gain over lines | add-on | other code | false pos. | time, variants / agreement |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    `| **total** | | ${strictLines.correct} | ${strictLines.wrong} | ${agreement.correct} | ${agreement.wrong} | ${now.correct} | ${now.wrong} | ${now.correct - strictLines.correct} | ${now.addOn} | ${now.otherCode} | ${now.falsePositives} | ${ratio(now.ms, agreement.ms)} |`,
    '',
    ...(wrongs.length ? ['Wrong reads:', '', ...wrongs.map((w) => `- ${w}`)] : ['No wrong read.']),
    '',
    '```json',
    JSON.stringify({ lines: round(strictLines), agreement: round(agreement), variants: round(now) }),
    '```',
  ].join('\n'),
);
console.log(JSON.stringify({ lines: round(strictLines), agreement: round(agreement), variants: round(now) }));

// Decode benchmark: every image of a barcodes folder through the app's own pipeline (the function the
// camera worker and the file scan call), against @zxing/library as baseline, in the same run.
// Usage: npm run bench:decode -- <folder>   (last stdout line: one JSON object)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeStill } from '../../apps/web/src/scanner/decode/decode-still';
import { initNodeDecoder } from '../../apps/web/src/scanner/decode/node-decoder';
import { agreementRuleOf20261127 } from './agreement-2026-11-27';
import { baselineDecode } from './baseline';
import { judge, listSamples, type Verdict } from './dataset';
import { benchFrame, median } from './frame-bench';
import { loadPixels } from './load-image';
import { formatTable, type SetRow } from './report';
import { writeSection } from './results-md';

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.resolve(process.cwd(), process.argv[2] ?? path.join(here, '../../../shared/data/barcodes'));

await initNodeDecoder();
const samples = listSamples(folder);
const rows = new Map<string, SetRow>();
const times: number[] = [];
/** The file scan before the quick first read (the agreement rule of 2026-11-27), timed on the same pictures. */
const timesBefore: number[] = [];
const before = { correct: 0, wrong: 0 };
const tally = { total: 0, correct: 0, wrong: 0, falsePositives: 0, unscored: 0 };
const base = { correct: 0, wrong: 0, falsePositives: 0 };
const wrongs: string[] = [];

for (const s of samples) {
  const img = await loadPixels(s.path);
  // Same path as a file scan in the app (decodeStill: as-is, then the padded hidden canvas).
  const t0 = performance.now();
  const read = await decodeStill(img);
  times.push(performance.now() - t0);
  const t1 = performance.now();
  const readBefore = await agreementRuleOf20261127(img);
  timesBefore.push(performance.now() - t1);
  const vBefore = judge(s, readBefore);
  if (vBefore === 'correct') before.correct++;
  if (vBefore === 'wrong') before.wrong++;
  const v = judge(s, read);
  const b = judge(s, baselineDecode(img));
  const row = rows.get(s.set) ?? { set: s.set, images: 0, correct: 0, wrong: 0, falsePositives: 0, baseline: 0 };
  row.images++;
  count(row, v);
  if (b === 'correct') row.baseline++;
  rows.set(s.set, row);
  if (v === 'unscored') tally.unscored++;
  else if (!s.falsePositiveSet) tally.total++;
  if (v === 'correct') tally.correct++;
  if (v === 'wrong') {
    tally.wrong++;
    wrongs.push(`${s.set}/${s.file}: ${JSON.stringify(read?.text.slice(0, 60))}`);
  }
  if (v === 'falsePositive') tally.falsePositives++;
  if (b === 'correct') base.correct++;
  if (b === 'wrong') base.wrong++;
  if (b === 'falsePositive') base.falsePositives++;
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

function count(row: SetRow, v: Verdict): void {
  if (v === 'correct') row.correct++;
  if (v === 'wrong') row.wrong++;
  if (v === 'falsePositive') row.falsePositives++;
}

const frames = [
  await benchFrame(path.join(folder, 'qrcode-3/01.webp')).catch(() => null),
  await benchFrame(path.join(folder, 'ean13-1/15.webp')).catch(() => null),
].filter((f) => f !== null);

const table = formatTable([...rows.values()]);
console.log(table);
for (const w of wrongs) console.log(`wrong: ${w}`);
for (const f of frames) {
  console.log(
    `1280x720 frame (${path.relative(folder, f.sample)}): ${f.medianMs.toFixed(2)} ms median, read ${JSON.stringify(f.decoded)}`,
  );
}
const summary = {
  total: tally.total,
  correct: tally.correct,
  wrong: tally.wrong,
  falsePositives: tally.falsePositives,
  medianMs: Number(median(times).toFixed(2)),
  meanMs: Number(mean(times).toFixed(2)),
  before: {
    correct: before.correct,
    wrong: before.wrong,
    medianMs: Number(median(timesBefore).toFixed(2)),
    meanMs: Number(mean(timesBefore).toFixed(2)),
  },
  frameMedianMs: Number(median(frames.map((f) => f.medianMs)).toFixed(2)),
  unscored: tally.unscored,
  baseline: { correct: base.correct, wrong: base.wrong, falsePositives: base.falsePositives },
};

writeSection(
  path.join(here, '../RESULTS.md'),
  'decode',
  [
    '## Decode (zxing-wasm pipeline vs @zxing/library)',
    '',
    `Folder: \`${path.relative(path.join(here, '../..'), folder)}\`, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
    '',
    table,
    '',
    ...frames.map(
      (f) =>
        `- 1280x720 frame, code filling the 250x250 scan area (${path.basename(path.dirname(f.sample))}): median ${f.medianMs.toFixed(2)} ms with the confirming read, read ${f.decoded ? 'ok' : 'FAILED'}${f.decoded ? (f.confirmed ? ', sure in one frame' : ', waits for a second frame') : ''}`,
    ),
    `- Median decode per sample image: ${summary.medianMs} ms (mean ${summary.meanMs} ms); the file scan before the quick first read`,
    `  (agreement rule of 2026-11-27, \`agreement-2026-11-27.ts\`), timed on the same pictures in this run: median ${summary.before.medianMs} ms,`,
    `  mean ${summary.before.meanMs} ms, ${summary.before.correct} correct and ${summary.before.wrong} wrong. Now / before: median`,
    `  ${(summary.medianMs / summary.before.medianMs).toFixed(2)}, mean ${(summary.meanMs / summary.before.meanMs).toFixed(2)} (the machine is shared with other sessions: compare within this run only).`,
    '  The median is a clear photo, which the quick first read settles; the mean is carried by the pictures the thorough',
    '  read finds nothing in, which are now read up to three times more (the rescue variants) before there is no answer.',
    '',
    '```json',
    JSON.stringify(summary),
    '```',
  ].join('\n'),
);
console.log(JSON.stringify(summary));

export interface SetRow {
  set: string;
  images: number;
  correct: number;
  wrong: number;
  falsePositives: number;
  baseline: number;
}

/** Markdown table per set (a set is one format), with a total row. */
export function formatTable(rows: SetRow[]): string {
  const head =
    '| set | images | correct | wrong | false positives | @zxing/library correct |\n|---|---:|---:|---:|---:|---:|';
  const sum = rows.reduce(
    (a, r) => ({
      set: '**total**',
      images: a.images + r.images,
      correct: a.correct + r.correct,
      wrong: a.wrong + r.wrong,
      falsePositives: a.falsePositives + r.falsePositives,
      baseline: a.baseline + r.baseline,
    }),
    { set: '', images: 0, correct: 0, wrong: 0, falsePositives: 0, baseline: 0 },
  );
  const line = (r: SetRow) =>
    `| ${r.set} | ${r.images} | ${r.correct} | ${r.wrong} | ${r.falsePositives} | ${r.baseline} |`;
  return [head, ...rows.map(line), line(sum)].join('\n');
}

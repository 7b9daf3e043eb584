import { describe, expect, it } from 'vitest';
import { flakyJourneys, playwrightFileTimes, slowestFiles, slowestLines, timingLines } from './report.mjs';

const report = {
  suites: [
    {
      specs: [
        {
          file: 'a.spec.ts',
          title: 'one',
          tests: [{ status: 'expected', results: [{ duration: 1500 }] }],
        },
      ],
      suites: [
        {
          specs: [
            {
              file: 'a.spec.ts',
              title: 'two',
              tests: [{ status: 'flaky', results: [{ duration: 1000 }, { duration: 2000 }] }],
            },
            { file: 'b.spec.ts', title: 'three', tests: [{ status: 'expected', results: [{ duration: 500 }] }] },
          ],
        },
      ],
    },
  ],
};

describe('the runner report', () => {
  it('sums a journey file over its tests and retries, nested suites included', () => {
    expect(playwrightFileTimes(report)).toEqual([
      { file: 'e2e/a.spec.ts', seconds: 4.5 },
      { file: 'e2e/b.spec.ts', seconds: 0.5 },
    ]);
  });

  it('names a journey that passed only on its retry', () => {
    expect(flakyJourneys(report)).toEqual(['a.spec.ts: two']);
  });

  it('lists the slowest files first, at most n', () => {
    const files = [1, 5, 3, 4, 2].map((s) => ({ file: `f${s}`, seconds: s }));
    expect(slowestFiles(files, 3).map((f) => f.file)).toEqual(['f5', 'f4', 'f3']);
    expect(slowestLines('unit', files, 2)).toEqual([
      'slowest 2 of 5 files, unit:',
      '      5.0 s  f5',
      '      4.0 s  f4',
    ]);
    expect(slowestLines('unit', [])).toEqual([]);
  });

  it('warns for a step and a suite over budget, and only then', () => {
    const lines = timingLines(
      [
        { label: 'lint', seconds: 20, budget: 60 },
        { label: 'e2e', seconds: 700.4, budget: 600 },
      ],
      { seconds: 1380, budget: 1500 },
    );
    expect(lines).toContain('⚠ e2e took 700 s, over its budget of 600 s');
    expect(lines.filter((l) => l.startsWith('⚠'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('suite 1,380 s of 1,500 s');
    const over = timingLines([{ label: 'e2e', seconds: 1600, budget: 1700 }], { seconds: 1600, budget: 1500 });
    expect(over.at(-1)).toBe('⚠ the suite is over its budget of 1,500 s');
  });
});

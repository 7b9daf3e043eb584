// What npm test prints at its end: each step's wall time against its budget, the slowest test files of each
// layer, and the suite's time against the budget of the whole run (docs/testing.md).

const seconds = (s) => `${Math.round(s).toLocaleString('en-US')} s`;

/** The n slowest of [{ file, seconds }], slowest first. */
export function slowestFiles(files, n = 10) {
  return [...files].sort((a, b) => b.seconds - a.seconds).slice(0, n);
}

/** Per file, the summed duration of its tests (and retries) in a Playwright JSON report. */
export function playwrightFileTimes(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + result.duration / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...byFile].map(([file, s]) => ({ file: `e2e/${file}`, seconds: Math.round(s * 10) / 10 }));
}

/**
 * The titles of the journeys that failed first and passed on a retry. The suite runs them without retries;
 * should a retry ever be allowed again, such a journey still fails the run.
 */
export function flakyJourneys(report) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) if (test.status === 'flaky') names.push(`${spec.file}: ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return names;
}

/**
 * The closing lines: a table of the steps that ran (time, budget), a warning for each step over its budget,
 * and the suite's wall time against its budget.
 */
export function timingLines(steps, suite) {
  const width = Math.max(...steps.map((s) => s.label.length), 'step'.length);
  const lines = [`${'step'.padEnd(width)}  ${'time'.padStart(9)}  ${'budget'.padStart(9)}`];
  for (const step of steps) {
    lines.push(
      `${step.label.padEnd(width)}  ${seconds(step.seconds).padStart(9)}  ${seconds(step.budget).padStart(9)}`,
    );
  }
  for (const step of steps) {
    if (step.seconds > step.budget) {
      lines.push(`⚠ ${step.label} took ${seconds(step.seconds)}, over its budget of ${seconds(step.budget)}`);
    }
  }
  lines.push(`suite ${seconds(suite.seconds)} of ${seconds(suite.budget)}`);
  if (suite.seconds > suite.budget) lines.push(`⚠ the suite is over its budget of ${seconds(suite.budget)}`);
  return lines;
}

/** The slowest-files block of one layer. */
export function slowestLines(layer, files, n = 10) {
  if (files.length === 0) return [];
  return [
    `slowest ${Math.min(n, files.length)} of ${files.length} files, ${layer}:`,
    ...slowestFiles(files, n).map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`),
  ];
}

// A Vitest reporter that writes, per test file, the whole time its worker spent on it (environment, imports,
// set-up files, hooks and tests) to the JSON file named by MDE_FILE_TIMES, for the runner's slowest-files list.
// Vitest's own JSON report has only the tests' durations, which leave out the per-file set-up.
import fs from 'node:fs';
import path from 'node:path';

/** @public Vitest loads it by the path scripts/test.mjs hands it (`--reporter`). */
export default class FileTimesReporter {
  files = [];

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.files.push({
      file: path.relative(this.root, testModule.moduleId),
      project: testModule.project.name,
      seconds: Math.round(ms) / 1000,
    });
  }

  onTestRunEnd() {
    const out = process.env.MDE_FILE_TIMES;
    if (out) fs.writeFileSync(out, JSON.stringify(this.files));
  }
}

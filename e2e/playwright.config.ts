import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium only: Playwright never downloads a browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// One output folder per run: parallel runs must not delete each other's traces.
process.env.E2E_RUN_ID ??= String(Date.now());

export default defineConfig({
  testDir: '.',
  outputDir: `test-results/${process.env.E2E_RUN_ID}`,
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  // Files are shared out to the workers whole, each worker with a server of its own (support/suite-server.ts).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A journey that passes only on its second try is a defect to fix, not to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test reads the JSON report for its closing count; by hand the list is enough.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    ...devices['Pixel 7'],
    // A fresh device's service worker precaches the whole app (150 files): about 4 s of CPU per journey on this
    // machine. Journeys about offline work, updates and push allow it (test.use({ serviceWorkers: 'allow' }));
    // the others run as a first visit does, before the worker controls the page.
    serviceWorkers: 'block',
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
});

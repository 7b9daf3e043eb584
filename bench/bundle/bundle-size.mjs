// Bundle bench: gzipped JS a real Chromium loads for the login page and for the overview after login.
// Two figures per page: the shell (every script requested before the app starts its idle-time background
// jobs, marked 'mde:idle-work' by apps/web/src/lib/idle.ts) and everything loaded once the network is idle.
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../lib/chromium.mjs';
import { writeSection } from '../lib/results.mjs';
import { startServer } from '../lib/server.mjs';

const TARGET_KB = 200;
const IDLE_WORK_MARK = 'mde:idle-work';

async function jsLoadedBy(page, action) {
  const scripts = new Map();
  const onResponse = (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || scripts.has(url)) return;
    const size = response
      .body()
      .then((b) => gzipSync(b, { level: 9 }).length)
      .catch(() => 0);
    scripts.set(url, { size, startedAt: response.request().timing().startTime });
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const idleWorkAt = await page.evaluate((name) => {
    const mark = performance.getEntriesByName(name)[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  }, IDLE_WORK_MARK);
  const list = await Promise.all(
    [...scripts].map(async ([url, s]) => ({
      file: new URL(url).pathname,
      gz: await s.size,
      background: idleWorkAt !== null && s.startedAt >= idleWorkAt,
    })),
  );
  const sum = (rows) => rows.reduce((a, r) => a + r.gz, 0);
  const shell = list.filter((r) => !r.background);
  return { files: list.length, shellFiles: shell.length, shellBytes: sum(shell), gzBytes: sum(list), list };
}

const server = await startServer();
const browser = await launchChromium();
try {
  // Service worker off: it would precache every chunk and blur what the page itself needs. Playwright's
  // block stubs register() to resolve with nothing, which no browser does and which the app reports as a
  // failed update (loading the notification chunk); without the API the app runs as in a browser that has
  // no service workers.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => {
    delete Navigator.prototype.serviceWorker;
  });
  const page = await context.newPage();
  const login = await jsLoadedBy(page, () => page.goto(`${server.url}/login`));
  const res = await context.request.post(`${server.url}/api/v1/auth/login`, {
    data: { username: 'demo', password: 'Demo1234!' },
  });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()}`);
  const fresh = await context.newPage();
  const overview = await jsLoadedBy(fresh, () => fresh.goto(`${server.url}/`));
  const kb = (n) => (n / 1024).toFixed(1);
  const rows = [
    ['login page', login],
    ['overview (logged in)', overview],
  ];
  const table = rows.map(
    ([name, r]) =>
      `| ${name} | ${r.shellFiles} | ${kb(r.shellBytes)} kB | ${r.shellBytes / 1024 < TARGET_KB ? 'yes' : 'NO'} | ${r.files} | ${kb(r.gzBytes)} kB |`,
  );
  const md = [
    '## Bundle: gzipped JavaScript loaded by a page',
    `Measured ${new Date().toISOString().slice(0, 10)} in headless Chromium, service worker blocked. Target: under ${TARGET_KB} kB gz for the shell.`,
    'Shell: every script requested before the app starts its idle-time background jobs (offline copy of the',
    'context and claims with the article cache sync, scanner listeners and overlay). Total: once the network is idle.',
    '',
    '| page | shell JS files | shell gzipped | shell under target | all JS files | all gzipped |',
    '| --- | --- | --- | --- | --- | --- |',
    ...table,
  ].join('\n');
  writeSection('bundle', md);
  console.log(md);
  // BUNDLE_LIST=1: every file of each page, biggest first, to trace what a page pulls in.
  if (process.env.BUNDLE_LIST) {
    for (const [name, r] of rows) {
      console.log(`\n${name}:`);
      for (const f of r.list.sort((a, b) => b.gz - a.gz)) {
        console.log(`${kb(f.gz).padStart(7)} kB  ${f.background ? 'idle ' : 'shell'}  ${f.file}`);
      }
    }
  }
} finally {
  await browser.close();
  server.stop();
}

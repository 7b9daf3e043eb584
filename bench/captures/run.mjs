// Capture engine benches, in headless Chromium against the real server on PGlite:
// 1. scan-to-line: a wedge scan on the Inventur list in quick mode until the line is saved in IndexedDB;
// 2. sync: 5,000 lines captured offline, then the time until the outbox is empty after reconnect, and the
//    number of lines the server holds afterwards. Writes the captures section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedArticlesWithEan, waitForArticleCache } from '../lib/article-cache-page.mjs';
import { launchChromium } from '../lib/chromium.mjs';
import { writeSection } from '../lib/results.mjs';
import { startServer } from '../lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANS = Number(process.env.BENCH_SCANS ?? 200);
const LINES = Number(process.env.BENCH_SYNC_LINES ?? 5000);
const SCAN_TARGET_MS = 50;
const SYNC_TARGET_S = 15;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

const load = () => os.loadavg()[0].toFixed(1);
const server = await startServer({ SEED_ARTICLES: '6000' });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ baseURL: server.url, locale: 'de-DE' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}\n${error.stack}`));
  await page.addInitScript(() =>
    window.addEventListener('unhandledrejection', (e) =>
      console.error(`unhandled: ${e.reason?.name} ${e.reason?.message} ${e.reason?.stack ?? ''}`.slice(0, 1500)),
    ),
  );
  page.on('console', (m) => m.type() === 'error' && console.error(`console: ${m.text()}`));
  const login = await page.request.post('/api/v1/auth/login', {
    data: { username: 'demo', password: 'Demo1234!', stayAuthenticated: false },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const me = await (await page.request.get('/api/v1/security/user/context')).json();

  await page.goto('/artikel-info');
  await waitForArticleCache(page);
  const articles = await cachedArticlesWithEan(page);
  if (articles.length < SCANS) throw new Error(`only ${articles.length} articles with an EAN-13 in the cache`);

  // ---- scan-to-line ----
  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await page.waitForURL(/\/mde-inventur$/);
  const quick = page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' });
  if (!(await quick.isChecked())) await quick.check();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.waitForSelector('html[data-wedge="listening"]');
  const loadBefore = load();
  const scanMs = [];
  for (const a of articles.slice(0, SCANS)) {
    // The scanner's burst, dispatched in the page; the clock starts with the terminator key.
    const ms = await page.evaluate(
      (code) =>
        new Promise((resolve) => {
          const marks = performance.getEntriesByName('mde:line-saved').length;
          let enterAt = 0;
          const observer = new PerformanceObserver(() => {
            const all = performance.getEntriesByName('mde:line-saved');
            if (all.length > marks) {
              observer.disconnect();
              resolve(all[all.length - 1].startTime - enterAt);
            }
          });
          observer.observe({ entryTypes: ['mark'] });
          for (const key of [...code, 'Enter']) {
            const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
            if (key === 'Enter') enterAt = event.timeStamp;
            (document.activeElement ?? document.body).dispatchEvent(event);
          }
        }),
      a.ean,
    );
    scanMs.push(ms);
  }
  scanMs.sort((x, y) => x - y);
  await page.waitForTimeout(1000);
  const linesShown = await page.getByTestId('line-count').textContent();

  // ---- sync of 5,000 offline lines (Bestellvorschlag: no header needed) ----
  await context.setOffline(true);
  const scope = { owner: me.userId, module: 'order-proposal', vkforgId: me.vkforgid };
  const capturedAt = new Date().toISOString();
  const drafts = Array.from({ length: LINES }, (_, i) => {
    const a = articles[i % articles.length];
    return {
      clientId: crypto.randomUUID(),
      articleId: a.id,
      articleNumber: a.number,
      designation: a.designation,
      quantity: 1 + (i % 5),
      unit: a.baseUnit,
      factor: 1,
      storageLocation: null,
      reason: null,
      capturedAt,
    };
  });
  const writeStart = Date.now();
  await page.evaluate(({ s, d }) => window.__mdeCaptures.saveLines(s, d), { s: scope, d: drafts });
  const writeSeconds = (Date.now() - writeStart) / 1000;
  const queued = await page.evaluate(() => window.__mdeCaptures.outboxCount());
  const loadSync = load();
  // How much of the sync the server's answers take (request sent → answer read), the rest is the device.
  const requests = [];
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/api/v1/captures/sync')) requests.push(request.timing().responseEnd);
  });
  const syncStart = Date.now();
  await context.setOffline(false);
  // Polled from here: waitForFunction does not wait for a promise the page function returns.
  const deadline = Date.now() + 600_000;
  let lastReport = Date.now();
  while ((await page.evaluate(() => window.__mdeCaptures.outboxCount())) > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    if (Date.now() - lastReport > 5000) {
      lastReport = Date.now();
      const state = await page.evaluate(() => window.__mdeCaptures.state());
      const left = await page.evaluate(() => window.__mdeCaptures.outboxCount());
      console.log(`sync: ${left} waiting, ${JSON.stringify(state)}`);
    }
  }
  const syncSeconds = (Date.now() - syncStart) / 1000;
  const serverSeconds = requests.reduce((sum, ms) => sum + Math.max(ms, 0), 0) / 1000;
  const onServer = (await (await page.request.get('/api/v1/captures/order-proposal')).json()).lines.length;

  const median = quantile(scanMs, 0.5);
  const p95 = quantile(scanMs, 0.95);
  const result = {
    scans: SCANS,
    scanMedianMs: round(median),
    scanP95Ms: round(p95),
    scanMaxMs: round(scanMs[scanMs.length - 1]),
    lines: LINES,
    queued,
    writeSeconds: round(writeSeconds),
    syncSeconds: round(syncSeconds),
    syncRequests: requests.length,
    serverSeconds: round(serverSeconds),
    onServer,
  };
  console.log(result);
  const ok = (v) => (v ? 'met' : 'missed');
  writeSection(
    'captures',
    `## Capture engine

\`node bench/captures/run.mjs\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, headless Chromium, server on PGlite
(6,000 seeded articles), demo user, vkforg ${me.vkforgid}. Load average (1 min) at the start of each part given below:
the machine is shared, figures vary from run to run.

| measurement | figure | target | |
|---|---:|---:|---|
| scan-to-line, median (${SCANS} wedge scans on the Inventur list, quick mode; Enter key → line stored in IndexedDB) | ${round(median)} ms | < ${SCAN_TARGET_MS} ms | ${ok(median < SCAN_TARGET_MS)} |
| scan-to-line, p95 / max | ${round(p95)} / ${round(scanMs[scanMs.length - 1])} ms | | |
| sync of ${LINES.toLocaleString('en')} offline lines after reconnect (outbox empty) | ${round(syncSeconds)} s | < ${SYNC_TARGET_S} s | ${ok(syncSeconds < SYNC_TARGET_S)} |
| lines on the server afterwards | ${onServer.toLocaleString('en')} | ${LINES.toLocaleString('en')} | ${ok(onServer === LINES)} |

- Load average: ${loadBefore} during the scans, ${loadSync} when the sync started. The list showed "${linesShown}" after the scans.
- The ${LINES.toLocaleString('en')} lines were written offline through the app's own local save (${round(writeSeconds)} s in one durable transaction; ${queued} outbox entries in all), then sent in batches of 500 with device sequence numbers: ${requests.length} requests, ${round(serverSeconds)} s of it waiting for the server's answers.

\`\`\`json
${JSON.stringify(result)}
\`\`\``,
  );
  if (onServer !== LINES) process.exitCode = 1;
} finally {
  await browser.close();
  server.stop();
}

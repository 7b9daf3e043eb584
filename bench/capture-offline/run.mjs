// Scan to capture form, offline next to online (the field-trust issue: "the capture form never waits on the
// network"). Headless Chromium against the real server on PGlite: a wedge scan on the Inventur list (quick
// mode off) until the article's capture form, with its quantity field, is on the screen. Online the form
// asks the server for the article; offline it comes from the device. Also: an unknown code offline until it
// shows in 'Offene Codes'. Writes the capture-offline section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedArticlesWithEan, waitForArticleCache } from '../lib/article-cache-page.mjs';
import { launchChromium } from '../lib/chromium.mjs';
import { writeSection } from '../lib/results.mjs';
import { timeScan } from '../lib/scan-timing.mjs';
import { startServer } from '../lib/server.mjs';
import { quantile, unknownCodes } from './stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANS = Number(process.env.BENCH_SCANS ?? 200);
const UNKNOWN = Number(process.env.BENCH_UNKNOWN ?? 20);
const FORM_TARGET_MS = 300;
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const load = () => os.loadavg()[0].toFixed(1);

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

async function backToList(page) {
  await page.goBack();
  await page.waitForURL(/\/mde-inventur$/);
  await page.waitForSelector('[data-testid="article-capture"]', { state: 'detached' });
  await page.waitForSelector('html[data-wedge="listening"]');
}

async function series(page, articles) {
  const ms = [];
  for (const a of articles) {
    ms.push(await timeScan(page, a.ean, 'form', a));
    await backToList(page);
  }
  return ms.sort((x, y) => x - y);
}

const summary = (ms) => ({
  median: round(quantile(ms, 0.5)),
  p95: round(quantile(ms, 0.95)),
  max: round(ms[ms.length - 1]),
});

const server = await startServer({ SEED_ARTICLES: '1500' });
const browser = await launchChromium();
try {
  const context = await browser.newContext({ baseURL: server.url, locale: 'de-DE' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const login = await page.request.post('/api/v1/auth/login', {
    data: { username: 'demo', password: 'Demo1234!', stayAuthenticated: false },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const me = await (await page.request.get('/api/v1/security/user/context')).json();

  await page.goto('/artikel-info');
  // Installed as on a handheld: the service worker serves the app shell and its screens without network.
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await waitForArticleCache(page);
  const articles = await cachedArticlesWithEan(page);
  if (articles.length < 2 * SCANS) throw new Error(`only ${articles.length} articles with an EAN-13 in the cache`);

  await page.goto('/mde-inventur/start');
  await page.getByRole('combobox', { name: 'Lager' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Weiter zur Erfassung' }).click();
  await page.waitForURL(/\/mde-inventur$/);
  const quick = page.getByRole('switch', { name: 'Schnellerfassung (Menge 1 je Scan)' });
  if (await quick.isChecked()) await quick.uncheck();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.waitForSelector('html[data-wedge="listening"]');

  // Different articles online and offline: the online series must not warm the device copy of the offline one.
  const loadOnline = load();
  const online = await series(page, articles.slice(0, SCANS));
  await context.setOffline(true);
  const loadOffline = load();
  const offline = await series(page, articles.slice(SCANS, 2 * SCANS));
  const codes = unknownCodes(UNKNOWN, new Set(articles.map((a) => a.ean)));
  const unknown = [];
  for (const code of codes) unknown.push(await timeScan(page, code, 'open-code'));
  unknown.sort((x, y) => x - y);

  const result = {
    scans: SCANS,
    online: summary(online),
    offline: summary(offline),
    unknownOffline: { codes: UNKNOWN, ...summary(unknown) },
  };
  console.log(JSON.stringify(result));
  const ok = (v) => (v ? 'met' : 'missed');
  writeSection(
    'capture-offline',
    `## Scan to capture form, offline and online (field trust: offline for a shift)

\`node bench/capture-offline/run.mjs\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, headless Chromium, server on
PGlite (1,500 seeded articles), demo user, vkforg ${me.vkforgid}, service worker in control. A wedge scan on the Inventur
list (quick mode off), Enter key → first frame with the article's capture form (quantity field) on the screen; then back
to the list. ${SCANS} different articles online, then ${SCANS} others offline (\`context.setOffline(true)\`).

| measurement | median | p95 | max | target | |
|---|---:|---:|---:|---:|---|
| scan → capture form, online (article from the server) | ${result.online.median} ms | ${result.online.p95} ms | ${result.online.max} ms | | |
| scan → capture form, offline (article from the device) | ${result.offline.median} ms | ${result.offline.p95} ms | ${result.offline.max} ms | < ${FORM_TARGET_MS} ms | ${ok(result.offline.p95 < FORM_TARGET_MS)} (p95) |
| unknown code offline → listed in 'Offene Codes' (${UNKNOWN} codes) | ${result.unknownOffline.median} ms | ${result.unknownOffline.p95} ms | ${result.unknownOffline.max} ms | | |

- Load average (1 min): ${loadOnline} before the online series, ${loadOffline} before the offline one; the machine is shared.
- Before the fix the offline form never came: TanStack Query paused the article query while the browser was offline.

\`\`\`json
${JSON.stringify(result)}
\`\`\``,
  );
  if (!(result.offline.p95 < FORM_TARGET_MS)) process.exitCode = 1;
} finally {
  await browser.close();
  server.stop();
}

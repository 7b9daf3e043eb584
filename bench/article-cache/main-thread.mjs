// Main-thread bench of the article cache sync: long tasks (> 50 ms, PerformanceObserver 'longtask') on the
// overview right after login while the app syncs SEED_ARTICLES articles, unthrottled and with the CPU throttled
// as on a handheld. Every task that starts between the sync's first 'syncing' and its 'complete' counts.
// BENCH_COMPARE_DIST=<dir of another web build> measures that build first on the same server (before/after).
// Writes the article-cache-main-thread section of bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../lib/chromium.mjs';
import { writeSection } from '../lib/results.mjs';
import { startServer } from '../lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTICLES = Number(process.env.BENCH_CACHE_ARTICLES ?? 20_000);
const THROTTLES = (process.env.BENCH_THROTTLES ?? '1,4').split(',').map(Number);
const TASK_LIMIT_MS = 50;
const ownDist = path.join(root, 'apps/web/dist');
const builds = [
  ...(process.env.BENCH_COMPARE_DIST ? [['compared build', path.resolve(process.env.BENCH_COMPARE_DIST)]] : []),
  ['this build', ownDist],
];

if (!fs.existsSync(path.join(ownDist, 'index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

// Runs in the page before any of its scripts: collects long tasks and when the sync starts and ends.
const observe = () => {
  const marks = { tasks: [], syncStart: null, syncEnd: null };
  window.__mainThread = marks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const poll = () => {
    const state = window.__mdeArticleCache?.progress().state;
    if (state === 'syncing' && marks.syncStart === null) marks.syncStart = performance.now();
    if (state === 'complete' && marks.syncStart !== null) marks.syncEnd = performance.now();
    if (marks.syncEnd === null) setTimeout(poll, 20);
  };
  poll();
};

async function measure(browser, url, throttle) {
  const context = await browser.newContext({ baseURL: url, locale: 'de-DE' });
  await context.addInitScript(observe);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const login = await page.request.post('/api/v1/auth/login', {
    data: { username: 'demo', password: 'Demo1234!', stayAuthenticated: false },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto('/');
  await page.waitForFunction(() => window.__mainThread?.syncEnd !== null, null, { timeout: 600_000, polling: 200 });
  const marks = await page.evaluate(() => window.__mainThread);
  await context.close();
  const during = marks.tasks.filter((t) => t.start >= marks.syncStart && t.start <= marks.syncEnd);
  return {
    syncSeconds: (marks.syncEnd - marks.syncStart) / 1000,
    count: during.length,
    total: during.reduce((s, t) => s + t.duration, 0),
    longest: during.reduce((m, t) => Math.max(m, t.duration), 0),
  };
}

const rows = [];
for (const [name, dist] of builds) {
  console.log(`${name} (${dist}): server with ${ARTICLES} articles …`);
  const server = await startServer({ SEED_ARTICLES: String(ARTICLES), WEB_DIST: dist });
  const browser = await launchChromium();
  try {
    for (const throttle of THROTTLES) {
      // Every run is a fresh browser context, so a full sync from the first page.
      const r = await measure(browser, server.url, throttle);
      console.log(`  ${throttle}×: ${JSON.stringify(r)}`);
      rows.push({ name, throttle, ...r });
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

const ok = (pass) => (pass ? '✅' : '❌');
const md = `## Article cache sync: main-thread long tasks (headless Chromium)

Login, then the overview while the app's background sync writes SEED_ARTICLES=${ARTICLES} articles into a fresh
browser database. Counted: main-thread long tasks (PerformanceObserver 'longtask', over ${TASK_LIMIT_MS} ms) that start
between the sync's first 'syncing' and its 'complete'. CPU throttling as DevTools does it (Emulation.setCPUThrottlingRate).

| build | CPU | sync | long tasks | their total | longest | target: none over ${TASK_LIMIT_MS} ms |
| --- | --- | --- | --- | --- | --- | --- |
${rows
  .map(
    (r) =>
      `| ${r.name} | ${r.throttle}× | ${r.syncSeconds.toFixed(1)} s | ${r.count} | ${Math.round(r.total)} ms | ${Math.round(r.longest)} ms | ${r.name === 'this build' ? ok(r.count === 0) : ''} |`,
  )
  .join('\n')}

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${process.platform}/${process.arch}, Node ${process.version}; 1-minute load average
${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores at the end (above ${os.cpus().length}: the machine was shared with other jobs, figures are disturbed).`;
writeSection('article-cache-main-thread', md);
console.log(md);

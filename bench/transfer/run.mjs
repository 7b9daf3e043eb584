// Transfer bench: bytes on the wire for the login page, the service worker's precache and the first session
// after login (incl. the article cache download), once as Chromium asks for them (br/gzip) and once with
// Accept-Encoding: identity, which is what every client got before the server compressed anything.
// Writes the transfer section of bench/RESULTS.md.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../lib/chromium.mjs';
import { writeSection } from '../lib/results.mjs';
import { startServer } from '../lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// About the article count of an earlier measured cache download (2.6 MB of cache pages).
const ARTICLES = Number(process.env.BENCH_TRANSFER_ARTICLES ?? 4000);

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html.br'))) {
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

/** Sums response headers and (encoded) bodies of finished requests into the phase that is running. */
function meter(context) {
  const phases = new Map();
  let phase = 'login page';
  const add = (name, bytes) => phases.set(name, (phases.get(name) ?? 0) + bytes);
  const pending = [];
  context.on('requestfinished', (request) => {
    const name = request.serviceWorker()
      ? 'service worker precache'
      : request.url().includes('/api/v1/articles/cache')
        ? 'article cache pages'
        : phase;
    pending.push(
      request
        .sizes()
        .then((s) => add(name, s.responseBodySize + s.responseHeadersSize))
        .catch(() => undefined),
    );
  });
  return {
    start(name) {
      phase = name;
    },
    async totals() {
      await Promise.all(pending);
      return phases;
    },
  };
}

async function session(browser, baseURL, headers) {
  const context = await browser.newContext({ baseURL, locale: 'de-DE', extraHTTPHeaders: headers });
  const bytes = meter(context);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Anmelden' }).waitFor();
  await page.waitForLoadState('networkidle');
  // The worker installs once the page is stable (apps/web/src/pwa/service-worker.ts) and then fetches its precache.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  bytes.start('first session after login');
  await page.getByLabel('Benutzername').fill('demo');
  await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForFunction(() => window.__mdeArticleCache?.progress().state === 'complete', null, {
    timeout: 300_000,
    polling: 200,
  });
  await page.waitForLoadState('networkidle');
  const totals = await bytes.totals();
  await context.close();
  return totals;
}

console.log(`starting server with ${ARTICLES} articles …`);
const server = await startServer({ SEED_ARTICLES: String(ARTICLES) });
const browser = await launchChromium();
try {
  const compressed = await session(browser, server.url, {});
  const identity = await session(browser, server.url, { 'accept-encoding': 'identity' });
  const kib = (n) => `${Math.round((n ?? 0) / 1024).toLocaleString('en-US')} KiB`;
  const rows = ['login page', 'service worker precache', 'first session after login', 'article cache pages'];
  const sum = (m, names) => names.reduce((s, n) => s + (m.get(n) ?? 0), 0);
  const line = (label, names) => {
    const a = sum(identity, names);
    const b = sum(compressed, names);
    return `| ${label} | ${kib(a)} | ${kib(b)} | ${(a / Math.max(1, b)).toFixed(1)}× |`;
  };
  const md = `## Transfer sizes (headless Chromium, bytes on the wire)

Server: embedded PGlite with SEED_ARTICLES=${ARTICLES}; user demo logs in through the form. Bytes are the
response headers and bodies as received (Playwright's request sizes), counted per phase: the login page until
the network is idle, the service worker's precache (its own requests), then from the login click until the
article cache reports complete (the app's pages and API calls; the cache pages also on their own line).
"Uncompressed" is the same run with \`Accept-Encoding: identity\`: what every client received before the
server compressed anything (static files precompressed at build, br/gzip by Accept-Encoding; API answers
above 1 kB brotli 4 / gzip 6). The precache fetches only what the login page has not loaded already (the
rest comes from the browser's HTTP cache), and after login the screens come from the precache, so the
session itself is almost only the API.

| phase | uncompressed (before) | compressed (after) | smaller by |
| --- | --- | --- | --- |
${line('login page', [rows[0]])}
${line('service worker precache', [rows[1]])}
${line('first session after login, without the article cache', [rows[2]])}
${line('article cache pages', [rows[3]])}
${line('first session after login incl. article cache', [rows[2], rows[3]])}
${line('all of it (login page, precache, first session)', rows)}

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${process.platform}/${process.arch}, Node ${process.version}; 1-minute load average
${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.`;
  writeSection('transfer', md);
  console.log(md);
} finally {
  await browser.close();
  server.stop();
}

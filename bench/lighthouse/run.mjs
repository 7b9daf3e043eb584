// Lighthouse bench: mobile Performance of the login page and of the overview after login, with Debian's
// Chromium (CHROME_PATH=/usr/bin/chromium, --headless=new --no-sandbox) and Lighthouse's own mobile
// emulation and simulated slow 4G with 4× CPU slowdown. Each page is measured several times and the
// median score is kept, as Lighthouse itself advises for noisy machines. Writes the lighthouse section
// of bench/RESULTS.md.

import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { waitForArticleCache } from '../lib/article-cache-page.mjs';
import { writeSection } from '../lib/results.mjs';
import { startServer } from '../lib/server.mjs';
import { CPU_PROFILE_CATEGORY, summarizeCpuProfile } from './cpu-profile.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const SYNC_ARTICLES = Number(process.env.BENCH_LIGHTHOUSE_SYNC_ARTICLES ?? 20_000);
const TARGET = 95;
/** The overview's total blocking time must stay under this, in ms, on a device whose article cache is filled. */
const OVERVIEW_TBT = 200;
/** A new device (the article cache still empty, its download starting with the page): usable at once. */
const NEW_DEVICE_TARGET = 90;
const NEW_DEVICE_TBT = 300;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * One Lighthouse navigation; `keepSession` keeps cookies and the device database (the logged-in user).
 * `profile` adds V8's sampling profiler to the trace and answers its summary (such a run is not scored: the
 * sampling costs the page time of its own).
 */
async function audit(port, url, keepSession, profile = false) {
  const settings = {
    ...(keepSession ? { disableStorageReset: true } : {}),
    ...(profile ? { additionalTraceCategories: CPU_PROFILE_CATEGORY } : {}),
  };
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    Object.keys(settings).length ? { extends: 'lighthouse:default', settings } : undefined,
  );
  const { lhr } = result;
  if (profile) {
    const trace = result.artifacts.Trace ?? result.artifacts.traces?.defaultPass;
    return {
      cpu: summarizeCpuProfile(trace.traceEvents),
      breakdown: (lhr.audits['mainthread-work-breakdown'].details?.items ?? []).map((i) => ({
        group: i.groupLabel,
        ms: i.duration,
      })),
      bootup: (lhr.audits['bootup-time'].details?.items ?? []).slice(0, 8).map((i) => ({
        url: i.url,
        total: i.total,
        scripting: i.scripting,
        parse: i.scriptParseCompile,
      })),
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((i) => ({
        url: i.url,
        start: i.startTime,
        ms: i.duration,
      })),
      tbt: lhr.audits['total-blocking-time'].numericValue,
    };
  }
  if (process.env.BENCH_LIGHTHOUSE_JSON) {
    const file = `${process.env.BENCH_LIGHTHOUSE_JSON}/${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`;
    fs.writeFileSync(file, JSON.stringify(lhr));
  }
  const audits = lhr.audits;
  if (process.env.BENCH_LIGHTHOUSE_DEBUG) {
    for (const item of audits['network-requests'].details?.items ?? []) {
      const ms = Math.round(item.networkEndTime - item.networkRequestTime);
      console.log(
        `${Math.round(item.networkRequestTime)}\t+${ms}\t${item.transferSize}\t${item.url.replace(/^https?:\/\/[^/]+/, '')}`,
      );
    }
    for (const item of audits['bootup-time'].details?.items?.slice(0, 8) ?? [])
      console.log('bootup', item.url, Math.round(item.total));
    for (const item of audits['long-tasks']?.details?.items ?? [])
      console.log('long task', item.url, Math.round(item.startTime), Math.round(item.duration));
  }
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    si: audits['speed-index'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    requests: audits['network-requests'].details?.items?.length ?? 0,
    bytes: audits['total-byte-weight'].numericValue,
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.message,
    // Pages of the article cache's download that the page fetched while Lighthouse watched it.
    cachePages: (audits['network-requests'].details?.items ?? []).filter((i) =>
      i.url.includes('/api/v1/articles/cache'),
    ).length,
  };
}

/** Removes the service worker, its caches and the HTTP cache (Lighthouse leaves them when it keeps the
 * session), so the page is loaded over the network as on a first visit. */
async function forgetCaches(port, baseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.close();
}

/**
 * Empties the device's article cache and its progress (the 'mde' database's articleCache and articleCacheMeta),
 * so the next start of the app begins the full download again. Done from a same-origin page that is not the
 * app (the manifest), so no sync runs meanwhile.
 */
async function emptyArticleCache(port, baseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${baseUrl}/manifest.webmanifest`);
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('mde');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['articleCache', 'articleCacheMeta'], 'readwrite');
          tx.objectStore('articleCache').clear();
          tx.objectStore('articleCacheMeta').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.close();
  await browser.close();
}

/** Logs the demo user in through the form in the same browser and waits until the device has its copies. */
async function logIn(port, baseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Benutzername').fill('demo');
  await page.getByLabel('Passwort', { exact: true }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await waitForArticleCache(page);
  await page.close();
  await browser.close();
}

const lhrError = (r) => r.runtimeError;

const row = (label, runs, tbtLimit = Number.POSITIVE_INFINITY, target = TARGET) => {
  const pick = (key) => median(runs.map((r) => r[key]));
  const ms = (v) => `${(v / 1000).toFixed(1)} s`;
  const score = pick('score');
  return `| ${label} | ${score} (${runs.map((r) => r.score).join(', ')}) | ${ms(pick('fcp'))} | ${ms(pick('lcp'))} | ${Math.round(pick('tbt'))} ms | ${ms(pick('si'))} | ${pick('cls').toFixed(3)} | ${pick('requests')} | ${Math.round(pick('bytes') / 1024)} KiB | ${score >= target && pick('tbt') < tbtLimit ? 'yes' : 'no'} |`;
};

const msOf = (v) => `${Math.round(v)} ms`;

/** One load's profile in words and two tables: its top activities and script files by self time. */
function profileTables(label, p) {
  const workers = p.cpu.workers.map((w) => `, ${w.thread} ${msOf(w.busy)}`).join('');
  const t = p.cpu.tasks;
  const tasks = t
    ? `; by the thread's own CPU time the tasks after the first paint come to ${msOf(t.cpu)}, ${t.long} of them long at 4×, ${msOf(t.blocking)} blocking at 4× (the last long one ${msOf(t.lastLongAt)} after navigation start)`
    : '';
  const activities = p.cpu.activities.map((a) => `| ${a.name.replaceAll('|', '\\|')} | ${a.ms.toFixed(1)} |`);
  const files = p.cpu.files.map((a) => `| ${a.name} | ${a.ms.toFixed(1)} |`);
  return `**${label}**: Lighthouse TBT ${msOf(p.tbt)} in this run; main thread sampled busy ${msOf(p.cpu.busy)}${workers}${tasks}.

| activity (self time, main thread) | ms |
| --- | ---: |
${activities.join('\n')}

| script file (self time, main thread) | ms |
| --- | ---: |
${files.join('\n')}`;
}

/** The CPU profile of one more run of each overview load (not scored), as tables: where the main thread's time goes. */
function profileSection({ empty, filled }) {
  const loads = [
    ['empty article cache (new device)', empty],
    ['filled article cache', filled],
  ].filter(([, p]) => p);
  if (!loads.length) return '';
  const groups = [...new Set(loads.flatMap(([, p]) => p.breakdown.map((b) => b.group)))];
  const breakdown = groups.map(
    (g) => `| ${g} | ${loads.map(([, p]) => msOf(p.breakdown.find((b) => b.group === g)?.ms ?? 0)).join(' | ')} |`,
  );
  const tops = loads.map(([label, p]) => profileTables(label, p));
  return `### CPU profile of the overview's load

One more run of each overview load with V8's sampling profiler in Lighthouse's trace
(\`${CPU_PROFILE_CATEGORY}\`; the run is not scored). Lighthouse simulates the 4× slowdown: the trace runs at the
machine's speed, so the times below are real milliseconds of this machine, about a quarter of a handheld's. "(program)" is
the renderer's own work outside scripts (style, layout, parsing HTML and CSS, compiling); a busy machine also
stretches it. Main-thread work by Lighthouse's groups (its \`mainthread-work-breakdown\`, simulated at 4×):

| group | ${loads.map(([label]) => label).join(' | ')} |
| --- | ${loads.map(() => '---:').join(' | ')} |
${breakdown.join('\n')}

${tops.join('\n\n')}`;
}

const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY; // 'login', 'overview' or 'syncing': one part, while working on it
const runs = async (part, fn) => {
  const out = [];
  if (ONLY && ONLY !== part) return out;
  for (let i = 0; i < RUNS; i++) out.push(await fn());
  return out;
};

const server = await startServer({ NODE_ENV: 'production' });
const startedAt = Date.now();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const profiles = {};
try {
  const login = await runs('login', () => audit(chrome.port, `${server.url}/login`, false));
  let overview = [];
  let cold = [];
  if (!ONLY || ONLY === 'overview') {
    // The same minute between the seed and the login's full download, when the login runs were left out.
    await new Promise((r) => setTimeout(r, Math.max(0, 65_000 - (Date.now() - startedAt))));
    await logIn(chrome.port, server.url);
    // The article cache's delta overlaps a minute (for clock skew), and the seed has just written every article:
    // within a minute of the full download the delta would bring them all again, which a store's device, synced
    // hours before, never sees. The overview runs start after that minute.
    await new Promise((r) => setTimeout(r, 65_000));
    overview = await runs('overview', () => audit(chrome.port, `${server.url}/`, true));
    profiles.filled = await audit(chrome.port, `${server.url}/`, true, true);
    cold = await runs('overview', async () => {
      await forgetCaches(chrome.port, server.url);
      return audit(chrome.port, `${server.url}/`, true);
    });
  }
  server.stop();
  // The overview while the article cache downloads: a large assortment on a server of its own (another origin,
  // so another device database), the demo user logged in there; before each run the device's article cache is
  // emptied, so the app starts the full download as it loads. A run counts only if the page fetched pages of the
  // download while Lighthouse watched it.
  let syncing = [];
  if (!ONLY || ONLY === 'syncing') {
    const big = await startServer({ NODE_ENV: 'production', SEED_ARTICLES: String(SYNC_ARTICLES) });
    try {
      await logIn(chrome.port, big.url);
      syncing = await runs('syncing', async () => {
        await emptyArticleCache(chrome.port, big.url);
        const r = await audit(chrome.port, `${big.url}/`, true);
        // The row says how many pages of the download the run saw; 0 means the sync did not run while measured.
        if (r.cachePages === 0) console.warn('syncing run without a page of the article cache download');
        if (lhrError(r)) console.warn(`syncing run: ${lhrError(r)}`);
        return r;
      });
      await emptyArticleCache(chrome.port, big.url);
      profiles.empty = await audit(chrome.port, `${big.url}/`, true, true);
    } finally {
      big.stop();
    }
  }
  for (const r of [...overview, ...cold, ...syncing]) {
    if (new URL(r.finalUrl).pathname !== '/') throw new Error(`an overview run ended on ${r.finalUrl}`);
  }
  const rowOf = (label, list, tbtLimit, target) =>
    list.length ? row(label, list, tbtLimit, target) : `| ${label} | not run | | | | | | | | |`;
  const md = `## Lighthouse (mobile, Performance)

Lighthouse ${lighthouse.version ?? '12'} with Debian Chromium (\`--headless=new --no-sandbox\`), its mobile defaults:
Moto G Power emulation, simulated slow 4G (150 ms RTT, 1.6 Mbit/s) and 4× CPU slowdown. Production build
served by the real server (embedded PGlite). Login page: a fresh visit (storage reset). Overview after login:
the demo user logged in through the form in the same browser first, as on the device: the service worker is in
control with its precache, the device database holds the copies. Overview cold (not a target, for the record):
before each run the service worker, its caches and the HTTP cache were removed, so everything comes over the
simulated network, with the session cookie and the device database kept. ${RUNS} runs each; the median is shown
with every run's score. Overview while syncing: a second server with ${SYNC_ARTICLES.toLocaleString('en')} articles, the demo user logged in
there, the device's article cache emptied before each run, so the app starts the full download as the page
loads (a run counts only if the page fetched pages of the download while Lighthouse watched). Targets: ${TARGET} or more on
the login page and on the overview after login with a filled article cache (its total blocking time under
${OVERVIEW_TBT} ms); a new device, the overview after the first login with the article cache still empty, ${NEW_DEVICE_TARGET} or more with a
total blocking time under ${NEW_DEVICE_TBT} ms. Before (issue "every scan feels instant", landed build of 2026-11-26): login
page 92 (FCP 2.3 s, LCP 2.7 s, TBT 146 ms), overview after login 90 (TBT 392 ms). Before the start-up design of
the "new device is usable at once" issue (build of 2026-11-27, load average 0.7): login page 95 (TBT 164 ms),
overview after login 86 (TBT 546 ms), overview while syncing 77 (TBT 1,075 ms), overview cold 67 (TBT 1,085 ms).

| page | score (runs) | FCP | LCP | TBT | Speed Index | CLS | requests | bytes | target met |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rowOf('login page', login)}
${rowOf('overview after login', overview, OVERVIEW_TBT)}
${rowOf(`overview after login, article cache still syncing (${SYNC_ARTICLES.toLocaleString('en')} articles; ${median(syncing.map((r) => r.cachePages)) ?? 0} pages of the download during the run)`, syncing, NEW_DEVICE_TBT, NEW_DEVICE_TARGET)}
${rowOf('overview cold (no worker, no HTTP cache)', cold).replace(/ (yes|no) \|$/, ' – |')}

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}; 1-minute load average
${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.

${profileSection(profiles)}`;
  if (!ONLY) writeSection('lighthouse', md);
  console.log(md);
} finally {
  await chrome.kill();
  server.stop();
}

// Issue 2 bench: gzipped JS a real Chromium loads for the login page and for the overview after login.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { writeSection } from '../lib/results.mjs';
import { startServer } from '../lib/server.mjs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGET_KB = 200;

async function jsLoadedBy(page, action) {
  const scripts = new Map();
  const onResponse = async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || scripts.has(url)) return;
    scripts.set(
      url,
      response
        .body()
        .then((b) => gzipSync(b, { level: 9 }).length)
        .catch(() => 0),
    );
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const sizes = await Promise.all([...scripts.values()]);
  return { files: scripts.size, gzBytes: sizes.reduce((a, b) => a + b, 0) };
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
try {
  // Service worker off: it would precache every chunk and blur what the page itself needs.
  const context = await browser.newContext({ serviceWorkers: 'block' });
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
    ([name, r]) => `| ${name} | ${r.files} | ${kb(r.gzBytes)} kB | ${r.gzBytes / 1024 < TARGET_KB ? 'yes' : 'NO'} |`,
  );
  const md = [
    '## Bundle (issue 2): gzipped JavaScript loaded by a page',
    `Measured ${new Date().toISOString().slice(0, 10)} in headless Chromium, service worker blocked. Target: under ${TARGET_KB} kB gz for the shell.`,
    '',
    '| page | JS files | gzipped | under target |',
    '| --- | --- | --- | --- |',
    ...table,
  ].join('\n');
  writeSection('bundle', md);
  console.log(md);
} finally {
  await browser.close();
  server.stop();
}

// Wedge latency: time from the Enter key of a keyboard-wedge scan to the scan() promise resolving, through
// the real DOM listener, detector and arbitration (jsdom, synthetic KeyboardEvents typed 2 ms apart).
// Usage: npx tsx decode/wedge-bench.ts   (last stdout line: one JSON object)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { median } from './frame-bench';
import { writeSection } from './results-md';

const dom = new JSDOM('<!doctype html><input id="f" />', { url: 'https://mde.local/' });
const g = globalThis as unknown as Record<string, unknown>;
for (const k of [
  'window',
  'document',
  'HTMLInputElement',
  'HTMLTextAreaElement',
  'Element',
  'Event',
  'KeyboardEvent',
  'localStorage',
]) {
  g[k] = (dom.window as unknown as Record<string, unknown>)[k];
}

const { scan } = await import('../../apps/web/src/scanner/service/scan-service');
const { startWedge } = await import('../../apps/web/src/scanner/wedge/wedge-service');
startWedge();

const input = dom.window.document.getElementById('f') as HTMLInputElement;
input.focus();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const key = (k: string) =>
  input.dispatchEvent(new dom.window.KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

const runs = 200;
const times: number[] = [];
let ok = 0;
for (let i = 0; i < runs; i++) {
  const code = String(4006381333000 + i);
  const pending = scan();
  for (const ch of code) key(ch);
  const t0 = performance.now();
  key('Enter');
  const r = await pending;
  times.push(performance.now() - t0);
  if (r.data === code) ok++;
  await sleep(150); // beyond the dedupe window and the key-interval threshold
}

const summary = {
  runs,
  correct: ok,
  medianMs: Number(median(times).toFixed(3)),
  maxMs: Number(Math.max(...times).toFixed(3)),
};
const here = path.dirname(fileURLToPath(import.meta.url));
writeSection(
  path.join(here, '../RESULTS.md'),
  'wedge',
  [
    '## Keyboard wedge latency (Enter → scan() resolved)',
    '',
    `${runs} synthetic 13-digit scans through the real listener, detector and arbiter (jsdom, Node ${process.version}).`,
    '',
    `- median ${summary.medianMs} ms, max ${summary.maxMs} ms, ${ok}/${runs} texts correct`,
    '',
    '```json',
    JSON.stringify(summary),
    '```',
  ].join('\n'),
);
console.log(JSON.stringify(summary));
process.exit(0);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain .mjs helper shared by every bench, no type declarations
import { writeSection } from '../lib/results.mjs';
import type { CpuSplit } from './cpu';
import type { LoadResult } from './load';
import { describeMonitor, type MemoryMonitor } from './memory-monitor';
import type { PacedResult } from './paced-load';

export interface BackendResult {
  kind: 'postgres' | 'pglite';
  articles: number;
  seedSeconds: number;
  seconds: number;
  mix: { ean13: number; caseCode: number; articleNumber: number };
  hello: LoadResult;
  lookup: LoadResult;
  /** 1-minute load average when the lookup measurement ended (2 cores: above 2 means other jobs ran). */
  load?: number;
  /** Whether the seeded database came from an earlier run (--reuse); its seed time is that run's. */
  reused?: boolean;
  /** The kernel's memory monitor (DAMON) when the run ended; its passes stall every process (notes.md). */
  memoryMonitor?: MemoryMonitor;
  /** CPU per request of each process during the measurements. */
  cpu?: { hello: CpuSplit; lookup: CpuSplit };
  /**
   * Open-loop runs at fixed rates: hello-world at the target rate (40 % of its own throughput), lookups at
   * that rate first, then higher steps while p99 stays under 10 ms (or lower ones until it does).
   */
  paced?: { hello: PacedResult; lookup: PacedResult[] };
}

// The latest figures per backend and state of the memory monitor, so a run of one backend keeps the other's
// row in RESULTS.md, and a run with the monitor off (notes.md) does not replace the one with it on.
const store = path.join(path.dirname(fileURLToPath(import.meta.url)), 'last-results.json');

const condition = (r: BackendResult) => `${r.kind} ${r.memoryMonitor?.state ?? 'not recorded'}`;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const rps = (n: number) => Math.round(n).toLocaleString('en-US');

const backendName = (r: BackendResult) => (r.kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite');
/** The backend, and the monitor's state where a run recorded it (the tables below hold a row per both). */
const label = (r: BackendResult) =>
  r.memoryMonitor && r.memoryMonitor.state !== 'absent'
    ? `${backendName(r)}, DAMON ${r.memoryMonitor.state}`
    : backendName(r);

const clean = (p: PacedResult) => p.errors + p.non2xx === 0 && p.achieved >= p.rate * 0.98;

/** A paced run that kept up with its rate without errors and with p99 under 10 ms. */
export const holds = (p: PacedResult) => p.p99 < 10 && clean(p);

/** The highest offered rate the lookups held with p99 under 10 ms, as a share of hello-world's throughput. */
function heldRate(r: BackendResult) {
  const held = (r.paced?.lookup ?? []).filter(holds).sort((a, b) => b.rate - a.rate)[0];
  return held ? `${rps(held.rate)} (${((held.rate / r.hello.requestsPerSecond) * 100).toFixed(0)} %)` : 'none';
}

function met(r: BackendResult) {
  const target = r.paced?.lookup[0];
  const ratio = r.lookup.requestsPerSecond / r.hello.requestsPerSecond;
  return ratio >= 0.4 && r.lookup.non2xx + r.lookup.errors === 0 && !!target && holds(target);
}

function row(r: BackendResult) {
  const ratio = r.lookup.requestsPerSecond / r.hello.requestsPerSecond;
  const target = r.paced?.lookup[0];
  const atTarget = target ? `${ms(target.p99)} at ${rps(target.rate)}/s` : '–';
  const helloAtTarget = r.paced ? ms(r.paced.hello.p99) : '–';
  return `| ${backendName(r)} | ${r.articles.toLocaleString('en-US')} | ${rps(r.lookup.requestsPerSecond)} | ${rps(r.hello.requestsPerSecond)} | ${(ratio * 100).toFixed(0)} % | ${atTarget} | ${helloAtTarget} | ${heldRate(r)} | ${r.lookup.non2xx + r.lookup.errors} | ${r.seedSeconds.toFixed(0)} s${r.reused ? ' (earlier run)' : ''} | ${r.load?.toFixed(1) ?? '–'} | ${describeMonitor(r.memoryMonitor)} | ${met(r) ? 'met' : 'missed'} |`;
}

function closedRow(r: BackendResult) {
  return `| ${label(r)} | ${ms(r.lookup.p50)} | ${ms(r.lookup.p99)} | ${ms(50_000 / r.lookup.requestsPerSecond)} | ${ms(r.hello.p50)} | ${ms(r.hello.p99)} | ${ms(50_000 / r.hello.requestsPerSecond)} |`;
}

function pacedRows(r: BackendResult) {
  const line = (what: string, p: PacedResult) =>
    `| ${label(r)} | ${what} | ${rps(p.rate)} (${((p.rate / r.hello.requestsPerSecond) * 100).toFixed(0)} %) | ${rps(p.achieved)} | ${ms(p.p50)} | ${ms(p.p90)} | ${ms(p.p99)} | ${ms(p.max)} | ${p.errors + p.non2xx} |`;
  if (!r.paced) return [];
  return [line('hello-world', r.paced.hello), ...r.paced.lookup.map((p) => line('lookup', p))];
}

const us = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${n.toFixed(0)} µs`);

function cpuRow(r: BackendResult) {
  const { hello, lookup } = r.cpu ?? {};
  return `| ${label(r)} | ${us(lookup?.server)} | ${us(lookup?.database)} | ${us(lookup?.loadGenerator)} | ${us(hello?.server)} | ${us(hello?.loadGenerator)} |`;
}

/** The rows to show: a fresh result replaces only the earlier one of its backend and monitor state. */
export function mergeResults(previous: BackendResult[], fresh: BackendResult[]) {
  const all = [...previous.filter((p) => !fresh.some((f) => condition(f) === condition(p))), ...fresh];
  return all.sort((a, b) => b.kind.localeCompare(a.kind) || condition(b).localeCompare(condition(a)));
}

export function writeResults(fresh: BackendResult[], notes: string) {
  const previous: BackendResult[] = fs.existsSync(store) ? JSON.parse(fs.readFileSync(store, 'utf8')) : [];
  const all = mergeResults(previous, fresh);
  fs.writeFileSync(store, `${JSON.stringify(all, null, 2)}\n`);
  const body = `## Article lookup by code

\`cd bench && npx tsx article-lookup/run.ts [--articles N] [--pg | --pglite] [--reuse]\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores.
Real server (child process, 127.0.0.1) with the demo session cookie, 50 keep-alive connections, ${all[0]?.seconds ?? 15} s per
measurement after a warm-up; code mix 60 % EAN-13, 20 % case codes (GTIN-14), 20 % article numbers over the
whole assortment of vkforg 11. Baseline: a Fastify hello-world route measured in the same run.

Two kinds of measurement. **Saturation** (autocannon, closed loop): every connection sends its next request as
soon as the last answer is in; this gives the throughput. Hello-world and lookups take turns (3 turns of a third
of the time each, \`interleave.ts\`), so both meet the same phases of a machine whose speed swings within minutes.
**Paced** (\`paced-load.ts\`, open loop as wrk2): requests are offered at a fixed rate and each is timed from the
moment it was due, waits for a free connection included; this gives the latency at a load. Targets: throughput
≥ 40 % of hello-world's, and p99 < 10 ms at 50 connections while the server answers scans at that rate (40 % of
hello-world's throughput), with no errors. A row per database and state of the kernel's memory monitor (DAMON):
on this machine its passes stall every process for 6–24 ms twice a second, and the tail depends on them (notes).

| database | articles | lookups/s (saturation) | hello-world/s | ratio | lookup p99 at the target rate | hello p99 at that rate | highest paced rate with p99 < 10 ms | errors | seed time | load avg | kernel memory monitor (DAMON) | targets |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|
${all.map(row).join('\n')}

Paced runs (offered rate as a share of hello-world's saturation throughput). Lookups run at the target rate
first, then at higher steps while p99 stays under 10 ms, or at lower steps until it does:

| database | route | offered/s | answered/s | p50 | p90 | p99 | max | errors |
|---|---|---:|---:|---:|---:|---:|---:|---:|
${all.flatMap(pacedRows).join('\n')}

Latency at saturation (closed loop; by Little's law its mean is 50 connections / throughput, so these figures
restate the throughput rather than measure a wait at a given load):

| database | lookup p50 | lookup p99 | lookup 50/throughput | hello p50 | hello p99 | hello 50/throughput |
|---|---:|---:|---:|---:|---:|---:|
${all.map(closedRow).join('\n')}

CPU per request during the saturation measurements (µs, user + system; server, database server and load
generator share the 2 cores; PGlite runs inside the server):

| database | lookup: server | lookup: database server | lookup: load generator | hello: server | hello: load generator |
|---|---:|---:|---:|---:|---:|
${all.map(cpuRow).join('\n')}

${notes}`;
  writeSection('article-lookup', body);
}

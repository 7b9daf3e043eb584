import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain .mjs helper shared by every bench, no type declarations
import { writeSection } from '../lib/results.mjs';
import type { CpuSplit } from './cpu';
import type { LoadResult } from './load';

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
  /** CPU per request of each process during the measurements. */
  cpu?: { hello: CpuSplit; lookup: CpuSplit };
}

// The latest figures per backend, so a run of one backend keeps the other's row in RESULTS.md.
const store = path.join(path.dirname(fileURLToPath(import.meta.url)), 'last-results.json');

const ms = (n: number) => `${n.toFixed(1)} ms`;
const rps = (n: number) => Math.round(n).toLocaleString('en-US');

const backendName = (r: BackendResult) => (r.kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite');

function row(r: BackendResult) {
  const ratio = r.lookup.requestsPerSecond / r.hello.requestsPerSecond;
  const ok = r.lookup.p99 < 10 && ratio >= 0.4 && r.lookup.non2xx === 0 && r.lookup.errors === 0;
  return `| ${backendName(r)} | ${r.articles.toLocaleString('en-US')} | ${rps(r.lookup.requestsPerSecond)} | ${ms(r.lookup.p50)} | ${ms(r.lookup.p99)} | ${rps(r.hello.requestsPerSecond)} | ${ms(r.hello.p99)} | ${(ratio * 100).toFixed(0)} % | ${r.lookup.non2xx + r.lookup.errors} | ${r.seedSeconds.toFixed(0)} s${r.reused ? ' (earlier run)' : ''} | ${r.load?.toFixed(1) ?? '–'} | ${ok ? 'met' : 'missed'} |`;
}

const us = (n: number | null | undefined) => (n === null || n === undefined ? '–' : `${n.toFixed(0)} µs`);

function cpuRow(r: BackendResult) {
  const { hello, lookup } = r.cpu ?? {};
  return `| ${backendName(r)} | ${us(lookup?.server)} | ${us(lookup?.database)} | ${us(lookup?.loadGenerator)} | ${us(hello?.server)} | ${us(hello?.loadGenerator)} |`;
}

export function writeResults(fresh: BackendResult[], notes: string) {
  const previous: BackendResult[] = fs.existsSync(store) ? JSON.parse(fs.readFileSync(store, 'utf8')) : [];
  const all = [...previous.filter((p) => !fresh.some((f) => f.kind === p.kind)), ...fresh];
  all.sort((a, b) => a.kind.localeCompare(b.kind)).reverse();
  fs.writeFileSync(store, `${JSON.stringify(all, null, 2)}\n`);
  const body = `## Article lookup by code (issue 4)

\`cd bench && npx tsx article-lookup/run.ts [--articles N] [--pg | --pglite]\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores.
Real server (child process, 127.0.0.1) with the demo session cookie; autocannon, 50 connections, ${all[0]?.seconds ?? 15} s per
measurement after a warm-up; code mix 60 % EAN-13, 20 % case codes (GTIN-14), 20 % article numbers over the
whole assortment of vkforg 11. Baseline: a Fastify hello-world route measured in the same run.
Targets: p99 < 10 ms and throughput ≥ 40 % of hello-world.

| database | articles | lookups/s | p50 | p99 | hello-world/s | hello p99 | ratio | errors | seed time | load avg | targets |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
${all.map(row).join('\n')}

CPU per request during the same measurements (µs, user + system; server, database server and load generator
share the 2 cores; PGlite runs inside the server):

| database | lookup: server | lookup: database server | lookup: load generator | hello: server | hello: load generator |
|---|---:|---:|---:|---:|---:|
${all.map(cpuRow).join('\n')}

${notes}`;
  writeSection('article-lookup', body);
}

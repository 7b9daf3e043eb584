// npm run fuzz [-- --seed N --requests N --concurrency N]: starts a server of its own on a free port with a
// fresh PGlite directory (or a fresh database on the PostgreSQL server of DATABASE_URL), sends generated
// requests to every operation of its OpenAPI document, prints the answers per operation and a closing JSON
// line {"requests":N,"5xx":N,"hangs":N,"englishBodies":N,"connectionErrors":N,"pushEndpointsAccepted":N}. The
// integration routes get an ERP API key (created with `npm run admin -- api-key create`) and bodies of their
// own: none, JSON arrays, NDJSON, one over the size bound. Then the push-endpoint case: --push-endpoints N
// (default 300) subscriptions naming addresses inside the network, each of which must be refused. Then the
// key-reuse case on every operation that takes an Idempotency-Key; the closing line adds keyReuseTried,
// keyReuseAccepted and keyReuseSkipped. Exits 1 on any 5xx, hang, English body, connection closed without an
// answer, accepted push endpoint or reused key that was accepted.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { IMPORT_KIND_SCOPES } from '@mde/contracts';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { createDatabase } from '../pg-temp.mjs';
import { seededRng } from './generate';
import { runKeyReuseCase } from './key-reuse';
import { runPushEndpointCase } from './push-endpoints';
import { runFuzz } from './run';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForServer(base: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/docs/json`);
      if (res.ok) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start within 3 minutes');
}

/**
 * An ERP API key for the integration routes (the imports and the event feed) of the demo's two firmas, made the
 * way an operator makes one: the admin command. Webhooks are left out: the fuzzer must not subscribe random
 * addresses.
 */
async function createIntegrationApiKey(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const scopes = [...new Set(Object.values(IMPORT_KIND_SCOPES)), 'events:read'].join(',');
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/admin/cli.ts',
        'api-key',
        'create',
        '--name',
        'Fuzz ERP',
        '--scopes',
        scopes,
        '--firma',
        '1,2',
      ],
      { cwd: path.join(root, 'apps/server'), env, timeout: 60_000 },
    );
    return stdout.trim().split('\n').at(-1)?.trim() || undefined;
  } catch (error) {
    console.error(`fuzz: no API key for the integration routes: ${(error as Error).message}`);
    return undefined;
  }
}

async function dropDatabase(adminUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

async function main() {
  const seed = argument('seed', Date.now() % 1_000_000);
  const requests = argument('requests', 10_000);
  const concurrency = argument('concurrency', 8);
  const pushEndpoints = argument('push-endpoints', 300);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-fuzz-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_ARTICLES: '300',
    LOG_LEVEL: 'error',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  const adminUrl = process.env.DATABASE_URL;
  let databaseName: string | undefined;
  if (adminUrl) {
    const created = await createDatabase(adminUrl, 'mde_fuzz');
    databaseName = created.name;
    env.DATABASE_URL = created.url;
  } else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/server'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const doc = await waitForServer(base, child);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo1234!', stayAuthenticated: true }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (!login.ok || !cookie) throw new Error(`demo login failed: ${login.status}`);
    console.log(`fuzz: seed ${seed}, ${requests} requests, ${base} (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    const send = async (request: { method: string; url: string; headers: Record<string, string>; body?: string }) => {
      const res = await fetch(`${base}${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(15_000),
      });
      return { status: res.status, body: await res.text() };
    };
    const apiKey = await createIntegrationApiKey(env);
    if (!apiKey) throw new Error('no API key: the integration routes would go untested');
    const result = await runFuzz(doc, send, { seed, requests, cookie, apiKey, concurrency, timeoutMs: 20_000 });
    const push = await runPushEndpointCase(seededRng(seed + 1), send, cookie, pushEndpoints);
    const reuse = await runKeyReuseCase(doc, send, cookie, { apiKey });
    for (const [operation, counts] of Object.entries(result.byOperation).sort()) {
      const byStatus = Object.entries(counts)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      console.log(`${operation.padEnd(62)} ${byStatus}`);
    }
    console.log(`push endpoints inside the network: ${push.requests} sent, ${push.accepted} accepted`);
    console.log(
      `idempotency keys reused with another body: ${reuse.operations} keyed operations, ${reuse.tried} tried, ${reuse.accepted} accepted, ${reuse.skipped.length} skipped`,
    );
    for (const skipped of reuse.skipped) console.log(`key reuse skipped: ${skipped}`);
    for (const finding of [...push.findings, ...reuse.findings, ...result.findings].slice(0, 30)) {
      console.log('finding', JSON.stringify(finding));
    }
    if (child.exitCode !== null) throw new Error(`server exited during the run with ${child.exitCode}`);
    const { requests: n, hangs, englishBodies, connectionErrors } = result;
    const pushEndpointsAccepted = push.accepted;
    const keyReuseAccepted = reuse.accepted;
    console.log(
      JSON.stringify({
        requests: n,
        '5xx': result['5xx'],
        hangs,
        englishBodies,
        connectionErrors,
        pushEndpointsAccepted,
        keyReuseTried: reuse.tried,
        keyReuseAccepted,
        keyReuseSkipped: reuse.skipped.map((s) => s.split(':')[0]),
      }),
    );
    // A connection closed instead of an answer (a reset in the middle of an upload) fails the run like a 5xx.
    const failures =
      result['5xx'] + hangs + englishBodies + connectionErrors + pushEndpointsAccepted + keyReuseAccepted;
    process.exitCode = failures > 0 ? 1 : 0;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseName) await dropDatabase(adminUrl, databaseName);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

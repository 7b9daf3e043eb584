#!/usr/bin/env node
// A production-like test set-up: Debian's nginx terminates TLS (a self-signed certificate made at run time)
// in front of two MDE server instances on one PostgreSQL, the servers with HTTPS=true and TRUST_PROXY set to
// the proxy. Used by the fail-over journey and the capacity bench; by hand:
//   node scripts/proxy-pair.mjs start   prints the https URL and runs until Ctrl-C (or `stop`)
//   node scripts/proxy-pair.mjs stop    stops a pair started by `start`
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, freePort, startTempPostgres } from './pg-temp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
const STATE_FILE = path.join(os.tmpdir(), 'mde-proxy-pair.json');

/** Why the set-up cannot run here (a missing system package), or undefined when it can. */
export function proxyPairUnavailable() {
  const missing = [];
  if (!fs.existsSync(NGINX)) missing.push('nginx');
  if (!fs.existsSync(OPENSSL)) missing.push('openssl');
  return missing.length > 0
    ? `missing system packages: ${missing.join(', ')} (apt-get install -y ${missing.join(' ')})`
    : undefined;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function answers(url) {
  try {
    const res = await fetch(url);
    return res.ok;
  } catch {
    return false;
  }
}

/** Waits until the instance answers on its own port (the API description is served once routes are up). */
async function waitForInstance(instance, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) {
      throw new Error(
        `server instance ${instance.index} exited (${instance.child.exitCode ?? instance.child.signalCode})`,
      );
    }
    if (await answers(`http://127.0.0.1:${instance.port}/api/docs/json`)) return;
    await sleep(200);
  }
  throw new Error(`server instance ${instance.index} did not start in time`);
}

function selfSignedCertificate(dir) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    OPENSSL,
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  return { key, cert };
}

function nginxConf({ dir, port, upstreams, key, cert }) {
  const temp = (name) => path.join(dir, name);
  return `worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  # Which instance answered: the journey and the bench read it.
  log_format pair '$remote_addr "$request" $status end=$msec took=$request_time upstream=$upstream_addr';
  access_log ${temp('access.log')} pair;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 20m;
  upstream mde {
    # A refused connection marks an instance down for 2 s; then it is tried again (a restarted one takes work).
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://mde;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # Only requests that never reached an instance go to the other one; a POST an instance took and then
      # died on is not sent twice by the proxy: the app's outbox retries it with its change number.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }
    # The notification stream (Server-Sent Events): each event goes through at once, not when a buffer fills,
    # and a quiet stream (a comment every 25 s) is not cut.
    location = /api/v1/notifications/stream {
      proxy_pass http://mde;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/**
 * Starts PostgreSQL (a temp cluster unless `adminUrl` names one), a fresh database, two server instances
 * (the first migrates and seeds, the second starts after it) and nginx with TLS in front of them.
 */
export async function startProxyPair({ adminUrl, seedArticles = 200, env = {}, log = 'ignore' } = {}) {
  const unavailable = proxyPairUnavailable();
  if (unavailable) throw new Error(`proxy pair: ${unavailable}`);
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  let cluster;
  if (!adminUrl) {
    cluster = await startTempPostgres();
    adminUrl = cluster.url;
  }
  const { url: databaseUrl } = await createDatabase(adminUrl, 'mde_pair');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mde-proxy-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const url = `https://127.0.0.1:${port}`;
  const ports = [await freePort(), await freePort()];

  const instances = ports.map((instancePort, index) => ({ index, port: instancePort, child: undefined }));
  const spawnInstance = (instance) => {
    instance.child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: url,
        HTTPS: 'true',
        TRUST_PROXY: '127.0.0.1',
        SEED_ARTICLES: String(seedArticles),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DAY_CLOSE_WORKER: 'false',
        // One instance sends pushes; either may, but one is enough for a test.
        PUSH_WORKER: instance.index === 0 ? 'true' : 'false',
        ...env,
      },
      stdio: ['ignore', log, log],
    });
    return waitForInstance(instance);
  };

  const { key, cert } = selfSignedCertificate(dir);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConf({ dir, port, upstreams: ports, key, cert }));
  let nginx;
  const stop = async () => {
    await Promise.all(
      instances.map(async (instance) => {
        const child = instance.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }),
    );
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
    }
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The first instance migrates and seeds alone; the second then finds everything in place.
    await spawnInstance(instances[0]);
    await spawnInstance(instances[1]);
    nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
      stdio: ['ignore', log, log],
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${readText(path.join(dir, 'error.log'))}`);
      if (await answersInsecure(`${url}/api/docs/json`)) break;
      if (Date.now() > deadline) throw new Error('nginx did not answer in time');
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    databaseUrl,
    adminUrl,
    instancePorts: ports,
    /** SIGKILL, as when a machine or container dies mid-shift: no shutdown, open requests cut off. */
    async killInstance(i) {
      const child = instances[i].child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    /** Starts a killed instance again on its old port and waits until it answers. */
    async restartInstance(i) {
      const child = instances[i].child;
      if (child && child.exitCode === null && child.signalCode === null) throw new Error(`instance ${i} is running`);
      await spawnInstance(instances[i]);
    },
    /** How many requests nginx has handed to each instance (from its access log), all or those begun since a time. */
    upstreamCounts(since) {
      const counts = ports.map(() => 0);
      for (const line of readText(path.join(dir, 'access.log')).split('\n')) {
        // nginx logs a request when it ends ($msec), which for one cut by a kill (a live stream) is some moments
        // after the kill: a request counts by when it began.
        const timing = line.match(/ end=([\d.]+) took=([\d.]+) /);
        if (since !== undefined && (!timing || (Number(timing[1]) - Number(timing[2])) * 1000 < since)) continue;
        // A retried request names every instance it was tried on; the last one answered.
        const last = line
          .match(/upstream=(.*)$/)?.[1]
          ?.split(', ')
          .at(-1);
        const i = ports.findIndex((p) => last === `127.0.0.1:${p}`);
        if (i >= 0) counts[i]++;
      }
      return counts;
    },
    pids() {
      return { instances: instances.map((s) => s.child?.pid), nginx: nginx?.pid };
    },
    stop,
  };
}

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** A GET to the proxy, whose certificate is self-signed and so not checked here. */
function answersInsecure(url) {
  return new Promise((resolve) => {
    const req = https.get(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const command = process.argv[2];
  if (command === 'start') {
    const pair = await startProxyPair({ log: 'inherit', seedArticles: Number(process.env.SEED_ARTICLES ?? 1500) });
    fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: process.pid, url: pair.url }));
    console.log(pair.url);
    console.log(`database: ${pair.databaseUrl}`);
    console.log(`instances: ${pair.instancePorts.map((p) => `http://127.0.0.1:${p}`).join(' ')}`);
    const shutdown = async () => {
      await pair.stop();
      fs.rmSync(STATE_FILE, { force: true });
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } else if (command === 'stop') {
    if (!fs.existsSync(STATE_FILE)) {
      console.error('no proxy pair running (started with `node scripts/proxy-pair.mjs start`)');
      process.exit(1);
    }
    const { pid } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
    process.kill(pid, 'SIGTERM');
  } else {
    console.error('usage: node scripts/proxy-pair.mjs start|stop');
    process.exit(2);
  }
}

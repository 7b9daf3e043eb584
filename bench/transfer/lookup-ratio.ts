// Does API compression cost the scan path anything? A short run of the lookup bench's own load generator
// (autocannon, 50 connections, the same code mix) against the real server and the hello-world server in
// alternating turns; prints lookup throughput as a share of hello-world's. Run it on a build without and
// with compression to compare (the ratio cancels out how busy the machine is).
// Usage: npx tsx transfer/lookup-ratio.ts [--articles N] [--seconds S]
import { parseArgs } from 'node:util';
// @ts-expect-error plain .mjs helper shared with the test runner, no type declarations
import { freePort } from '../../scripts/pg-temp.mjs';
import { sampleCodes } from '../article-lookup/codes';
import { cpuPerRequest } from '../article-lookup/cpu';
import { alternate } from '../article-lookup/interleave';
import { measure } from '../article-lookup/load';
import { startHelloServer, startMdeServer } from '../article-lookup/processes';
import { seededDatabase } from '../article-lookup/seeded-db';

const { values } = parseArgs({
  options: { articles: { type: 'string', default: '10000' }, seconds: { type: 'string', default: '12' } },
});
const articles = Number(values.articles);
const seconds = Number(values.seconds);

const database = await seededDatabase('pglite', articles, true);
try {
  const mix = await sampleCodes(database.options, articles);
  const server = await startMdeServer(await freePort(), database.env);
  const hello = await startHelloServer(await freePort());
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo1234!', stayAuthenticated: true }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.includes('mde_session='))
      ?.split(';')[0];
    if (!cookie) throw new Error(`login failed: ${login.status}`);
    // What a browser sends: the scan path must not pay for being offered compression.
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const probe = await fetch(`${server.url}${mix.paths[0]}`, { headers });
    const size = (await probe.arrayBuffer()).byteLength;
    await measure(server.url, mix.paths, headers, 2);
    await measure(hello.url, ['/hello'], {}, 2);
    const result = await alternate(
      {
        hello: (s) => cpuPerRequest({ server: hello.pid }, () => measure(hello.url, ['/hello'], {}, s)),
        lookup: (s) => cpuPerRequest({ server: server.pid }, () => measure(server.url, mix.paths, headers, s)),
      },
      3,
      seconds / 3,
    );
    const ratio = result.lookup.result.requestsPerSecond / result.hello.result.requestsPerSecond;
    console.log(
      JSON.stringify({
        lookupAnswerBytes: size,
        lookupContentEncoding: probe.headers.get('content-encoding'),
        lookupRps: Math.round(result.lookup.result.requestsPerSecond),
        lookupP99: result.lookup.result.p99,
        helloRps: Math.round(result.hello.result.requestsPerSecond),
        ratio: Number(ratio.toFixed(3)),
        non2xx: result.lookup.result.non2xx,
      }),
    );
  } finally {
    server.stop();
    hello.stop();
  }
} finally {
  database.stop();
}

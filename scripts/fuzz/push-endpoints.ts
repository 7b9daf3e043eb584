import type { FuzzRequest, Rng } from './generate';
import type { Finding, Send } from './run';

// The push-endpoint case: subscriptions naming addresses inside the network, spelled every way a URL
// allows (decimal, hex, octal, short IPv4, IPv4-mapped, IPv4-compatible and NAT64 IPv6, local names, other
// schemes and ports, credentials). The server must refuse each with a 400, or any signed-in user could make it send
// requests into the store's network.

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

const INSIDE_V4 = [
  [127, 0, 0, 1],
  [127, 1, 2, 3],
  [10, 0, 0, 1],
  [172, 16, 0, 1],
  [192, 168, 0, 1],
  [169, 254, 169, 254],
  [100, 64, 0, 1],
  [0, 0, 0, 0],
  [224, 0, 0, 1],
  [255, 255, 255, 255],
] as const;

const hex = (n: number) => n.toString(16);

function v4Spellings(o: readonly number[]): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = o;
  const int = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  return [
    o.join('.'),
    String(int),
    `0x${hex(int)}`,
    o.map((x) => `0${x.toString(8)}`).join('.'),
    `${a}.${(b << 16) + (c << 8) + d}`,
    `[::ffff:${o.join('.')}]`,
    `[::ffff:${hex((a << 8) + b)}:${hex((c << 8) + d)}]`,
    `[::${o.join('.')}]`,
    `[::${hex((a << 8) + b)}:${hex((c << 8) + d)}]`,
    `[64:ff9b::${o.join('.')}]`,
  ];
}

const INSIDE_V6 = ['[::1]', '[::]', '[fe80::1]', '[fd00:ec2::254]', '[fc00::1]', '[ff02::1]', '[2002:7f00:1::1]'];
const LOCAL_NAMES = ['localhost', 'LOCALHOST.', 'push.localhost', 'printer.local', 'db.internal', 'intranet'];

/** One hostile endpoint, drawn from the seeded generator. */
export function insideEndpoint(rng: Rng): string {
  const roll = rng();
  const host =
    roll < 0.6
      ? pick(rng, v4Spellings(pick(rng, INSIDE_V4)))
      : roll < 0.8
        ? pick(rng, INSIDE_V6)
        : pick(rng, LOCAL_NAMES);
  const scheme = rng() < 0.8 ? 'https' : 'http';
  const port = pick(rng, ['', '', ':443', ':80', ':5432', ':8080']);
  const credentials = rng() < 0.1 ? 'user:pass@' : '';
  return `${scheme}://${credentials}${host}${port}/push/${Math.floor(rng() * 1e9)}`;
}

export function pushEndpointRequest(rng: Rng, cookie: string): FuzzRequest {
  const endpoint = insideEndpoint(rng);
  return {
    method: 'PUT',
    url: '/api/v1/notifications/push/subscriptions',
    headers: {
      cookie,
      'content-type': 'application/json',
      'idempotency-key': `fuzz-push-${Math.floor(rng() * 1e12)}`,
    },
    body: JSON.stringify({
      deviceId: `fuzz-device-${Math.floor(rng() * 1e6)}`,
      endpoint,
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }),
    kind: 'push-endpoint',
  };
}

export interface PushEndpointResult {
  requests: number;
  /** Hostile endpoints the server took (anything but a 400). */
  accepted: number;
  findings: Finding[];
}

/** Sends `count` hostile subscriptions as the signed-in user; every one must come back 400. */
export async function runPushEndpointCase(
  rng: Rng,
  send: Send,
  cookie: string,
  count: number,
): Promise<PushEndpointResult> {
  const result: PushEndpointResult = { requests: 0, accepted: 0, findings: [] };
  for (let i = 0; i < count; i++) {
    const request = pushEndpointRequest(rng, cookie);
    const answer = await send(request).catch((error: Error) => ({ status: 0, body: `client error: ${error.message}` }));
    result.requests++;
    if (answer.status !== 400) {
      result.accepted++;
      result.findings.push({
        operation: `${request.method} ${request.url}`,
        kind: request.kind,
        status: answer.status,
        request: request.body ?? '',
        body: answer.body.slice(0, 300),
      });
    }
  }
  return result;
}

import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import ipaddr from 'ipaddr.js';

// A push endpoint is an address a browser's push service handed out, but the server posts to whatever a
// subscription names: without these checks any signed-in user could make it send requests into the store's
// network (a blind SSRF). Browsers' push services are public HTTPS hosts on the standard port (FCM, Mozilla,
// Apple, WNS), so nothing else is taken; only the local test push service is let through, and only with
// the test-only PUSH_ALLOW_PRIVATE_ENDPOINTS.

export const PUSH_ENDPOINT_REFUSED = 'PUSH_ENDPOINT_REFUSED';

// IPv4-compatible IPv6 addresses (::a.b.c.d, deprecated by RFC 4291 §2.5.5.1): ipaddr.js calls them unicast,
// some stacks route them to the IPv4 address inside (::7f00:1 to 127.0.0.1), and no push service has one.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/** A public unicast address: not loopback, private, link-local, multicast, metadata or another special range. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
}

// Names that only mean something inside a network, never a push service's.
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** Whether the endpoint's own text is a push service's: https, the standard port, a public host. */
export function endpointShapeAllowed(endpoint: string, allowPrivate: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  return host.includes('.') && !LOCAL_NAME.test(host);
}

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const refusedError = (hostname: string) =>
  Object.assign(new Error(`push endpoint ${hostname} resolves to an address that is not public`), {
    code: PUSH_ENDPOINT_REFUSED,
  });

/**
 * The name lookup of a push request: resolves once, refuses the whole answer if any address of it is not
 * allowed, and hands the socket exactly the checked addresses, so a name that answers differently a moment
 * later (DNS rebinding) cannot swap the address between the check and the connection.
 */
export function pinnedLookup(isAllowed: (address: string) => boolean, resolve: Resolve = systemResolve) {
  const lookup = (
    hostname: string,
    options: dns.LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (!first || addresses.some((a) => !isAllowed(a.address))) {
          callback(refusedError(hostname), '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  return lookup as unknown as net.LookupFunction;
}

/** The lookup for push requests: public addresses only, unless the test allowance is on. */
export const pushLookup = (allowPrivate: boolean, resolve?: Resolve) =>
  pinnedLookup((address) => allowPrivate || isPublicAddress(address), resolve);

export interface PinnedRequest {
  method: string;
  headers: Record<string, string>;
  body: Buffer;
  timeoutMs: number;
  lookup: net.LookupFunction;
}

/**
 * One POST to a push endpoint over a connection to the checked address; redirects are not followed (a 3xx
 * is the push service's answer like any other). Resolves with the status; rejects without an answer.
 */
export function sendPinned(url: URL, request: PinnedRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: request.method,
      headers: { ...request.headers, 'content-length': String(request.body.length) },
      lookup: request.lookup,
      agent: false,
      timeout: request.timeoutMs,
    });
    req.on('timeout', () => req.destroy(new Error('push request timed out')));
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.end(request.body);
  });
}

/**
 * The check of a new subscription: its text, and what its name resolves to now (a name that resolves into
 * the network is refused at once; one that does not resolve here is taken, and checked again when sent).
 */
export async function subscriptionEndpointAllowed(
  endpoint: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<boolean> {
  if (!endpointShapeAllowed(endpoint, allowPrivate)) return false;
  if (allowPrivate) return true;
  const host = hostOf(new URL(endpoint));
  if (ipaddr.isValid(host)) return true;
  const timeout = new Promise<undefined>((done) => setTimeout(() => done(undefined), 2_000).unref());
  const addresses = await Promise.race([resolve(host).catch(() => undefined), timeout]);
  return !addresses || addresses.every((a) => isPublicAddress(a.address));
}

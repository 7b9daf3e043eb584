import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An address or a network (CIDR) of IPv4 or IPv6. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** A comma-separated list of proxies' addresses or networks; empty trusts none. */
const addressList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isAddressOrNetwork), {
    message: 'TRUST_PROXY: IP addresses or CIDR networks, comma-separated',
  });

/** An http(s) origin exactly as a browser writes it: scheme, host, port if not the default, nothing else. */
function isOrigin(entry: string): boolean {
  try {
    const url = new URL(entry);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry;
  } catch {
    return false;
  }
}

/** A comma-separated list of origins (https://mde2.example.de, http://10.0.0.5:8080). */
const originList = (name: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine((list) => list.every(isOrigin), {
      message: `${name}: origins such as https://mde.example.de:8443, comma-separated, no path`,
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  DATABASE_URL: z.string().optional(),
  /** Public origin used for links in mails; never taken from a request's Host header. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** Set when TLS terminates in front of us or here: cookies get __Host- and Secure, HSTS is sent. */
  HTTPS: bool.default(false),
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host headers are believed. By default none: a client that
   * talks to us directly could write any address into them and so dodge every per-address limit.
   */
  TRUST_PROXY: addressList.default([]),
  /**
   * Other MDE servers the app may talk to (the connection settings stored on a device): the page policy's
   * connect-src names them beside 'self'. A connection to any other origin is blocked by the browser.
   */
  CONNECT_ORIGINS: originList('CONNECT_ORIGINS').default([]),
  /**
   * The apps of other MDE servers that may use this one (their connection settings point here): their
   * cross-origin calls to /api are answered, with credentials; every other origin is refused.
   */
  CORS_ORIGINS: originList('CORS_ORIGINS').default([]),
  /** Time a client has to send a whole request, body included; a slower one gets 408. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /**
   * Open connections per client address (not for TRUST_PROXY addresses); more get a 503. A store's 50
   * devices may share one address (NAT) and a browser opens up to 6 connections: 300, with room.
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(512),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().positive().default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('MDE <noreply@mde.local>'),
  WEB_DIST: z.string().optional(),
  SEED_ARTICLES: z.coerce.number().int().min(0).default(5000),
  /**
   * Demo data (firmas, users, articles) in an empty database. false for production: the database stays empty;
   * the first admin comes from `npm run admin -- user create-admin`, the organisation from the import.
   */
  SEED_DEMO: bool.default(true),
  /** Whether this instance sends queued pushes (every instance may; each push still leaves once). */
  PUSH_WORKER: bool.default(true),
  /**
   * Test only: push endpoints on plain HTTP and at addresses inside the network (a local test push service)
   * are taken. Off, only public HTTPS push services are, so no subscription can aim requests into the network.
   */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
  /** OneSignal instead of the self-hosted Web Push, when both are set (app id and REST API key). */
  ONESIGNAL_APP_ID: z.string().min(1).optional(),
  ONESIGNAL_API_KEY: z.string().min(1).optional(),
  ONESIGNAL_API_URL: z.string().url().optional(),
  /** The OneSignal page SDK the app loads when OneSignal is configured (v16; the page policy allows its origin). */
  ONESIGNAL_SDK_URL: z.string().url().default('https://cdn.onesignal.com/sdks/web/v16/OneSignalSDK.page.js'),
  /**
   * Local time (Europe/Berlin, 'HH:MM') after which the store day is closed: every vkforg with gift-card
   * movements that day gets its "Tagesabschluss Gutscheinkarten" notification, once.
   */
  GIFT_CARD_DAY_CLOSE_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'GIFT_CARD_DAY_CLOSE_TIME: HH:MM, e.g. 22:00' })
    .default('22:00'),
  /** Whether this instance runs the day close (every instance may; each day is still closed once). */
  DAY_CLOSE_WORKER: bool.default(true),
  /** A port of its own for Prometheus' GET /metrics (off by default), on METRICS_HOST. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * The metrics listener has no token: it answers on the machine itself unless an address is named (a scraper
   * elsewhere: the address of the network it comes from), never on HOST's 0.0.0.0 by default.
   */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** With it, GET /metrics on the app's port answers a request with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, { message: 'METRICS_TOKEN: at least 16 characters' }).optional(),
  /** Requests per API key and minute on the integration API (/api/integration/v1/). */
  INTEGRATION_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Largest body of one integration import request (bytes); a larger one is refused with 413. */
  INTEGRATION_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024),
  /** Set by npm to the directory it was started in: `npm run admin` resolves the operator's file paths there. */
  INIT_CWD: z.string().optional(),
  /** Whether this instance sends webhook deliveries (every instance may; each attempt is still made once). */
  WEBHOOK_WORKER: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Env = z.infer<typeof envSchema>;

/** The one place that reads process.env (docs/conventions.md#server). */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return envSchema.parse(source);
}

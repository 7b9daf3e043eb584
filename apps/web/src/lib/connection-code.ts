// docs/spec.md §2/§5: a QR code can fill the login connection (name optional, host, port, base path); a code that
// does not hold a valid connection yields null so the login screen can say so.
export interface ConnectionCode {
  name?: string;
  host: string;
  port: number;
  basePath: string;
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;

const validPort = (p: number): boolean => Number.isInteger(p) && p >= 1 && p <= 65535;

function normaliseBasePath(p: string): string | null {
  const trimmed = p.trim() || '/';
  if (/[\s?#]/.test(trimmed)) return null;
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

function build(name: unknown, host: unknown, port: unknown, basePath: unknown): ConnectionCode | null {
  if (typeof host !== 'string' || !(HOST.test(host) || IPV6.test(host))) return null;
  const portNum = typeof port === 'string' && /^\d+$/.test(port) ? Number(port) : port;
  if (typeof portNum !== 'number' || !validPort(portNum)) return null;
  const path = normaliseBasePath(typeof basePath === 'string' ? basePath : '/api');
  if (path === null) return null;
  const out: ConnectionCode = { host: host.toLowerCase(), port: portNum, basePath: path };
  if (typeof name === 'string' && name.trim()) out.name = name.trim().slice(0, 100);
  return out;
}

function fromJson(text: string): ConnectionCode | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  // The default connection uses port 443 and base path /api (docs/spec.md §7, §9).
  return build(o.name, o.host, o.port ?? 443, o.basePath ?? '/api');
}

function fromUrl(text: string): ConnectionCode | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return null;
  }
  if (u.username || u.password) return null;
  const port = u.port ? Number(u.port) : u.protocol === 'http:' ? 80 : 443;
  const name = u.searchParams.get('name') ?? undefined;
  return build(name, u.hostname, port, u.pathname === '/' ? '/api' : decodeURIComponent(u.pathname));
}

/** Parses a connection QR code: JSON `{name, host, port, basePath}` or a URL `https://host:port/base`. */
export function parseConnectionCode(text: string): ConnectionCode | null {
  const t = text.trim();
  if (!t || t.length > 2000) return null;
  return t.startsWith('{') ? fromJson(t) : fromUrl(t);
}

import { parseConnectionCode } from './connection-code';

/** docs/spec.md §2 login settings: a server connection (name optional, host, port, base path). */
export interface Connection {
  id: string;
  name?: string;
  host: string;
  port: number;
  basePath: string;
}
export type ConnectionInput = Omit<Connection, 'id'>;

export const DEFAULT_CONNECTION_ID = 'default';
// docs/spec.md §7/§9: the default connection is the configured server on port 443 with base path /api.
export const DEFAULT_PORT = 443;
export const DEFAULT_BASE_PATH = '/api';

export interface Origin {
  protocol: string;
  hostname: string;
  port: string;
}

/** The serving origin is the configured server: the default connection points back at it. */
export function defaultConnection(origin: Origin): Connection {
  const port = origin.port ? Number(origin.port) : origin.protocol === 'http:' ? 80 : DEFAULT_PORT;
  return { id: DEFAULT_CONNECTION_ID, host: origin.hostname, port, basePath: DEFAULT_BASE_PATH };
}

const sameOrigin = (c: Connection, origin: Origin) => {
  const d = defaultConnection(origin);
  return c.host.toLowerCase() === d.host.toLowerCase() && c.port === d.port;
};

/** URL prefix for API calls; relative when the connection is the serving origin so cookies stay first-party. */
export function connectionBaseUrl(c: Connection, origin: Origin): string {
  if (sameOrigin(c, origin)) return c.basePath;
  const protocol = c.port === DEFAULT_PORT ? 'https:' : origin.protocol;
  const defaultPort = (protocol === 'https:' && c.port === 443) || (protocol === 'http:' && c.port === 80);
  const host = c.host.includes(':') && !c.host.startsWith('[') ? `[${c.host}]` : c.host;
  return `${protocol}//${host}${defaultPort ? '' : `:${c.port}`}${c.basePath}`;
}

export function connectionLabel(c: Connection): string {
  return c.name?.trim() || `${c.host}:${c.port}${c.basePath}`;
}

/** Validates and normalises form or scan input with the same rules as a scanned connection code. */
export function normaliseConnection(input: ConnectionInput): ConnectionInput | null {
  const parsed = parseConnectionCode(
    JSON.stringify({ name: input.name, host: input.host.trim(), port: input.port, basePath: input.basePath }),
  );
  return parsed ? { ...parsed } : null;
}

export interface ConnectionState {
  connections: Connection[];
  selectedId: string;
}

export function addConnection(state: ConnectionState, input: ConnectionInput, id: string): ConnectionState {
  return { ...state, connections: [...state.connections, { ...input, id }] };
}

export function updateConnection(state: ConnectionState, id: string, input: ConnectionInput): ConnectionState {
  return { ...state, connections: state.connections.map((c) => (c.id === id ? { ...input, id } : c)) };
}

/** Deleting the selected connection falls back to the default one. */
export function deleteConnection(state: ConnectionState, id: string): ConnectionState {
  return {
    connections: state.connections.filter((c) => c.id !== id),
    selectedId: state.selectedId === id ? DEFAULT_CONNECTION_ID : state.selectedId,
  };
}

export function selectedConnection(state: ConnectionState, origin: Origin): Connection {
  return state.connections.find((c) => c.id === state.selectedId) ?? defaultConnection(origin);
}

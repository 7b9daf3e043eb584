import {
  type Connection,
  type ConnectionState,
  connectionBaseUrl,
  DEFAULT_CONNECTION_ID,
  selectedConnection,
} from './connections';

// The connection list lives on the device (docs/spec.md §2 login settings), before anyone is logged in.
const KEY = 'mde.connections';
const empty: ConnectionState = { connections: [], selectedId: DEFAULT_CONNECTION_ID };

function isState(v: unknown): v is ConnectionState {
  if (!v || typeof v !== 'object') return false;
  const s = v as Partial<ConnectionState>;
  return Array.isArray(s.connections) && typeof s.selectedId === 'string';
}

export function loadConnectionState(): ConnectionState {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return isState(parsed) ? parsed : empty;
  } catch {
    return empty;
  }
}

export function saveConnectionState(state: ConnectionState): void {
  localStorage.setItem(KEY, JSON.stringify(state));
}

export function currentConnection(): Connection {
  return selectedConnection(loadConnectionState(), window.location);
}

/** Base URL of every API call: the chosen connection, '/api' on the serving origin by default. */
export function apiBaseUrl(): string {
  if (typeof window === 'undefined') return '/api';
  return connectionBaseUrl(currentConnection(), window.location);
}

import { useState } from 'react';
import { loadConnectionState, saveConnectionState } from '../../lib/connection-store';
import type { ConnectionState } from '../../lib/connections';

/** The device's connection list, persisted on every change. */
export function useConnections(): [ConnectionState, (next: ConnectionState) => void] {
  const [state, setState] = useState(loadConnectionState);
  const update = (next: ConnectionState) => {
    saveConnectionState(next);
    setState(next);
  };
  return [state, update];
}

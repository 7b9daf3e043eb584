import type { CountHeader } from './count-header';

// Per tab and session: a count header is chosen at the start of each counting session.
const KEY = 'mde.inventory-count.header';

export function loadCountHeader(storage: Storage = sessionStorage): unknown {
  try {
    return JSON.parse(storage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
}

export function saveCountHeader(header: CountHeader, storage: Storage = sessionStorage): void {
  storage.setItem(KEY, JSON.stringify(header));
}

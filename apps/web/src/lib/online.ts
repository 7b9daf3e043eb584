import { useSyncExternalStore } from 'react';

/** The browser says it has no network: a request would only fail, so the device's copy answers at once. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser has a network: a queued export is being sent, or it waits for a connection. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);

import { useSyncExternalStore } from 'react';

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

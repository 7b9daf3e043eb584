/** The browser says it has no network: a request would only fail, so the device's copy answers at once. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

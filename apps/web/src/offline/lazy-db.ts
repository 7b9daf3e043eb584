/**
 * The browser database, loaded on first use: Dexie is ~28 kB gz that the login page and the shell's first
 * paint do not need (the shell's bundle target).
 */
export const loadOfflineDb = () => import('./db');

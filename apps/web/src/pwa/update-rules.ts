import type { PwaState } from './pwa-store';

// docs/spec.md §4 web-app update, as pure state transitions.
export const onVersionDetected = (): Partial<PwaState> => ({ updateAvailable: true });
export const onVersionReady = (currentHash: string | undefined, nextHash: string | undefined): Partial<PwaState> => ({
  updateAvailable: true,
  currentHash,
  nextHash,
});
/** NO_NEW_VERSION_DETECTED clears the flag only if no update was already flagged, i.e. it changes nothing then. */
export const onNoNewVersion = (s: Pick<PwaState, 'updateAvailable'>): Partial<PwaState> =>
  s.updateAvailable ? {} : { updateAvailable: false };
/** Activation is disabled until the latest version hash is known. */
export const canActivate = (s: Pick<PwaState, 'updateAvailable' | 'nextHash'>) => s.updateAvailable && !!s.nextHash;

export const UPDATE_QUERY = 'pwaUpdate';

/** docs/spec.md §4: activation reloads with pwaUpdate=1, or plainly if it is already there. */
export function reloadUrlAfterActivation(href: string): string {
  const url = new URL(href);
  if (url.searchParams.get(UPDATE_QUERY) === '1') return url.toString();
  url.searchParams.set(UPDATE_QUERY, '1');
  return url.toString();
}

/** The URL without pwaUpdate, once the 'update installed' message was shown. */
export function withoutUpdateFlag(href: string): string | null {
  const url = new URL(href);
  if (url.searchParams.get(UPDATE_QUERY) !== '1') return null;
  url.searchParams.delete(UPDATE_QUERY);
  return `${url.pathname}${url.search}${url.hash}`;
}

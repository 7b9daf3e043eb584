import { i18n } from '../i18n';
import { notifyInfo, notifySuccess } from '../lib/notify';
import { currentPlatform } from './platform';
import { getPwaState, type RelatedApp, setPwaState } from './pwa-store';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | undefined;

type RelatedAppsNavigator = Navigator & { getInstalledRelatedApps?: () => Promise<RelatedApp[]> };

/** Asks the browser whether this web app is installed (Chromium; other browsers know nothing). */
export async function readRelatedApps(nav: RelatedAppsNavigator = navigator): Promise<RelatedApp[]> {
  if (typeof nav.getInstalledRelatedApps !== 'function') return [];
  try {
    return await nav.getInstalledRelatedApps();
  } catch {
    return [];
  }
}

/** docs/spec.md §4: the browser's install-prompt event is captured and canInstall becomes true. */
export function watchInstallPrompt(): void {
  setPwaState({ isPwa: currentPlatform().standalone, hasWebShare: typeof navigator.share === 'function' });
  void readRelatedApps().then((relatedApps) => setPwaState({ relatedApps }));
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    setPwaState({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    setPwaState({ isPwa: true, canInstall: false });
    void readRelatedApps().then((relatedApps) => setPwaState({ relatedApps }));
  });
}

/**
 * Shows the browser's install dialog; true when the user accepted (the caller then goes to the root).
 * Otherwise docs/spec.md §4's info message 'app not installed' (German wording in pwa.json).
 */
export async function installApp(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = undefined;
  await event.prompt();
  const { outcome } = await event.userChoice;
  const accepted = outcome === 'accepted';
  setPwaState({ canInstall: false, ...(accepted ? { isPwa: true } : {}) });
  if (accepted) notifySuccess(i18n.t('pwa:install.appInstalled'));
  else notifyInfo(i18n.t('pwa:install.appNotInstalled'));
  return accepted;
}

/** docs/spec.md §2: when already installed, the open button shares the page (the OS offers the installed app). */
export async function openInstalledApp(): Promise<void> {
  const url = window.location.origin;
  if (getPwaState().hasWebShare)
    await navigator.share({ title: i18n.t('common:appTitle'), url }).catch(() => undefined);
  else window.open(url, '_blank', 'noopener');
}

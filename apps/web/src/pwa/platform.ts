// docs/spec.md §2/§6: the install entry and sections depend on platform and install state.
export interface PlatformInput {
  userAgent: string;
  maxTouchPoints: number;
  /** navigator.userAgentData?.brands, where the browser offers it. */
  brands?: readonly { brand: string }[];
  standalone: boolean;
}

export type InstallPlatform = 'ios' | 'chromium' | 'other';

export function isIos(p: Pick<PlatformInput, 'userAgent' | 'maxTouchPoints'>): boolean {
  // iPadOS reports itself as a Mac; only touch gives it away.
  return /iPhone|iPad|iPod/.test(p.userAgent) || (/Macintosh/.test(p.userAgent) && p.maxTouchPoints > 1);
}

export function isChromium(p: Pick<PlatformInput, 'userAgent' | 'brands'>): boolean {
  if (p.brands?.some((b) => b.brand === 'Chromium')) return true;
  // Opera and Firefox cannot install this app (docs/spec.md §2); Edge, Samsung Internet and Chrome can.
  if (/OPR\/|Opera|Firefox|FxiOS|CriOS/.test(p.userAgent)) return false;
  return /Chrome\/|Chromium\/|SamsungBrowser\//.test(p.userAgent);
}

export function installPlatform(p: PlatformInput): InstallPlatform {
  if (isIos(p)) return 'ios';
  return isChromium(p) ? 'chromium' : 'other';
}

/** docs/spec.md §2 menu: the install entry shows when not running installed and on iOS or Chromium. */
export function showsInstallEntry(p: PlatformInput): boolean {
  return !p.standalone && installPlatform(p) !== 'other';
}

export function currentPlatform(): PlatformInput {
  const nav = navigator as Navigator & { userAgentData?: { brands: { brand: string }[] }; standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    brands: nav.userAgentData?.brands,
    standalone: window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true,
  };
}

/** What the service worker shows of a push (spec §2: a tap navigates to the route in its data field `route`). */
export interface ShownPush {
  title: string;
  body: string;
  route: string;
  tag: string | undefined;
}

const FALLBACK_TITLE = 'MDE';

/** Only a path of this app may be opened: anything else (another origin, a protocol-relative URL) opens the root. */
export function safeRoute(route: unknown): string {
  if (typeof route !== 'string' || !route.startsWith('/') || route.startsWith('//') || route.includes('\\')) return '/';
  return route;
}

/** Reads the push's JSON; a push that is not ours still shows something rather than nothing. */
export function readPushMessage(text: string | null | undefined): ShownPush {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = { body: text ?? '' };
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: str(data.title) || FALLBACK_TITLE,
    body: str(data.body),
    route: safeRoute(data.route),
    tag: typeof data.id === 'number' ? `notification-${data.id}` : undefined,
  };
}

/** The message the service worker sends an open window so that it navigates without a reload. */
export const OPEN_ROUTE_MESSAGE = 'OPEN_ROUTE';

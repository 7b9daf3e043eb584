/** What the service worker shows of a push (docs/spec.md §2: a tap navigates to the route in its data field `route`). */
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
  // OneSignal sends its text as `alert` and our data (id, route) under `custom.a`.
  const custom = data.custom && typeof data.custom === 'object' ? (data.custom as Record<string, unknown>) : {};
  const extra = custom.a && typeof custom.a === 'object' ? (custom.a as Record<string, unknown>) : {};
  const id = typeof data.id === 'number' ? data.id : extra.id;
  return {
    title: str(data.title) || FALLBACK_TITLE,
    body: str(data.body) || str(data.alert),
    route: safeRoute(data.route ?? extra.route),
    tag: typeof id === 'number' ? `notification-${id}` : undefined,
  };
}

/** The message the service worker sends an open window so that it navigates without a reload. */
export const OPEN_ROUTE_MESSAGE = 'OPEN_ROUTE';

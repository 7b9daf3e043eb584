import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { OPEN_ROUTE_MESSAGE, safeRoute } from '../../../pwa/push-message';
import { pushProvider } from '../api/push-provider-choice';

/**
 * While a user is logged in: this device's push subscription belongs to them (docs/spec.md §4: the push's user is
 * set on login), and a tapped push opens its route in this window (docs/spec.md §2).
 */
export function usePushDevice(owner: number | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (owner !== null)
      void pushProvider()
        .then((provider) => provider.login(owner))
        .catch(() => undefined);
  }, [owner]);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; route?: unknown } | null;
      if (data?.type === OPEN_ROUTE_MESSAGE) void navigate(safeRoute(data.route));
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}

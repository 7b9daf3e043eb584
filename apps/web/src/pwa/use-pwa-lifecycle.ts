import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { announceInstalledUpdate } from './service-worker';
import { withoutUpdateFlag } from './update-rules';

/** docs/spec.md §4: on load with pwaUpdate=1 the 'update installed' message is shown (and the flag dropped). */
export function usePwaLifecycle(): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const clean = withoutUpdateFlag(`${window.location.origin}${location.pathname}${location.search}${location.hash}`);
    if (clean === null) return;
    announceInstalledUpdate();
    navigate(clean, { replace: true });
  }, [location, navigate]);
}

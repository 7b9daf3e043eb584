/**
 * The route table of docs/spec.md §2.
 *
 * MODULE ROUTE FORMAT — every module lives in `src/features/<module>/routes.tsx`:
 *
 *   export default function routes(): RouteObject[]
 *
 * It returns the CHILDREN of the module route (paths relative to the module root, e.g. `start`,
 * `artikel-erfassen/suche`, `{ index: true }` for the empty child, `*` for the unknown-child redirect).
 * The shell mounts them under `/<module route>` (see MODULES in @mde/contracts) behind the auth guard and
 * the module's permission guard, and loads the file lazily on the first visit of the module (its own
 * chunk). Module-specific guards are loaders on those children (or on a pathless layout child).
 */
import { RouterProvider } from 'react-router';
import { createAppRouter } from './create-router';
import { installIdleWatch } from './idle-watch-setup';
import { installSessionExpiry } from './session-expiry';

export type AppRouterInstance = ReturnType<typeof createAppRouter>;

/** Creates the router (its first loaders run at once) with the session's watchers; once per page. */
export function startAppRouter(): AppRouterInstance {
  const router = createAppRouter();
  installSessionExpiry(router);
  installIdleWatch();
  return router;
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { guardRunsAgain, moduleForPath } from '../session/guard-decisions';
import { moduleGuard, requireUser } from '../session/guards';
import { PublicLayout } from './layout/public-layout';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { RouteLoading } from './layout/route-loading';
import { moduleRouteLoaders } from './module-routes';

const APP_ROUTE_ID = 'app';

const lazyPage = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        path: 'login',
        element: <PublicLayout />,
        children: [
          // Its own chunk: the form library stays off the logged-in screens.
          { index: true, ...lazyPage(() => import('./login/login-page'), 'LoginPage') },
          { path: 'settings', ...lazyPage(() => import('./login/connection-settings-page'), 'ConnectionSettingsPage') },
        ],
      },
      {
        path: 'forgot-password',
        element: <PublicLayout />,
        children: [
          { index: true, ...lazyPage(() => import('./forgot-password/request-token-page'), 'RequestTokenPage') },
          { path: 'reset', ...lazyPage(() => import('./forgot-password/reset-password-page'), 'ResetPasswordPage') },
          // docs/spec.md §2: any other path redirects to the empty child.
          { path: '*', element: <Navigate to={paths.forgotPassword} replace /> },
        ],
      },
      {
        id: APP_ROUTE_ID,
        loader: ({ request }) => requireUser(request),
        shouldRevalidate: guardRunsAgain,
        // The logged-in frame (header, menu, pickers, popovers) is its own chunk: the login page never needs it.
        lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
        children: [
          { index: true, ...lazyPage(() => import('./overview/overview-page'), 'OverviewPage') },
          { path: 'settings', ...lazyPage(() => import('./settings/settings-page'), 'SettingsPage') },
          { path: 'settings/scanner-test', ...lazyPage(() => import('../scanner'), 'ScannerTestPage') },
          {
            path: 'notifications',
            ...lazyPage(() => import('../features/notifications/components/notifications-page'), 'NotificationsPage'),
          },
          // Module routes are discovered on first visit (patchModuleRoutes); anything else goes home.
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

type Patch = (routeId: string | null, children: RouteObject[]) => void;

/** Adds a module's subtree under the authenticated layout the first time a URL inside it is visited. */
function modulePatcher() {
  const patched = new Set<string>();
  return async ({ path, patch }: { path: string; patch: Patch }) => {
    const module = moduleForPath(path);
    if (!module || patched.has(module.name)) return;
    const { default: children } = await moduleRouteLoaders[module.name]();
    if (patched.has(module.name)) return;
    patched.add(module.name);
    patch(APP_ROUTE_ID, [
      {
        id: `module:${module.name}`,
        path: module.route,
        loader: moduleGuard(module.name),
        shouldRevalidate: guardRunsAgain,
        children: children(),
      },
    ]);
  };
}

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: modulePatcher() });
}

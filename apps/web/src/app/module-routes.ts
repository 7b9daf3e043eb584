import { MODULES, type ModuleName } from '@mde/contracts';
import type { RouteObject } from 'react-router';

type RouteLoader = () => Promise<{ default: () => RouteObject[] }>;

// Each feature's routes.tsx (format: see router.tsx) is its own chunk, found by the module's name, so a new
// module needs no line here (docs/conventions.md#adding-a-module).
const routeFiles = import.meta.glob<{ default: () => RouteObject[] }>('../features/*/routes.tsx');

/** The lazy route module of each module in contracts' list. */
export const moduleRouteLoaders = Object.fromEntries(
  MODULES.map((m) => {
    const load = routeFiles[`../features/${m.name}/routes.tsx`];
    if (!load) throw new Error(`Module ${m.name} has no features/${m.name}/routes.tsx`);
    return [m.name, load];
  }),
) as Record<ModuleName, RouteLoader>;

import { MODULES } from '@mde/contracts';
import { describe, expect, it } from 'vitest';
import { moduleRouteLoaders } from './module-routes';

describe('moduleRouteLoaders', () => {
  it('loads the routes of every module in contracts’ list from its feature folder', async () => {
    expect(Object.keys(moduleRouteLoaders).sort()).toEqual(MODULES.map((m) => m.name).sort());
    const routes = await moduleRouteLoaders.returns();
    expect(routes.default().length).toBeGreaterThan(0);
  });
});

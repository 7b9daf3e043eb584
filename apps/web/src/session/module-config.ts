import type { ModuleConfig } from '@mde/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { deviceBacked } from './device-backed';

/** docs/spec.md §3 module config of the session's firma (LIEFERTERMIN_EINGEBBAR, BESTELLUNGEN_EDI, FELD_LAGERORT, …). */
export const moduleConfigQuery = () =>
  queryOptions({
    queryKey: ['module-config'] as const,
    // The session's firma decides the config; offline the copy kept for that firma.
    queryFn: ({ signal }) =>
      deviceBacked({
        key: (c) => `module-config:${c.firmaid}`,
        fetch: () => apiFetch<ModuleConfig>('/v1/config/modules', { signal }),
      }),
    staleTime: 5 * 60_000,
  });

/** Loader guard for modules that 'need a loaded config' (docs/spec.md §2, mde-artikelvorrat). */
export async function requireModuleConfig(): Promise<ModuleConfig> {
  return queryClient.ensureQueryData(moduleConfigQuery());
}

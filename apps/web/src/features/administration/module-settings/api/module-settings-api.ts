import type { AdminOrg, ModuleSettings, ModuleSettingsChange } from '@mde/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export const moduleSettingsKeys = {
  all: ['admin', 'module-settings'] as const,
  firma: (firma: number) => [...moduleSettingsKeys.all, firma] as const,
  firmas: () => [...moduleSettingsKeys.all, 'firmas'] as const,
};

/** The firmas the admin holds (the server's answer to the admin area, names included). */
export const useAdminFirmas = () =>
  useQuery({
    queryKey: moduleSettingsKeys.firmas(),
    queryFn: async () => (await apiFetch<AdminOrg>('/v1/admin/stores')).firmas.map((f) => ({ id: f.id, name: f.name })),
  });

export const useModuleSettings = (firma: number | undefined) =>
  useQuery({
    queryKey: moduleSettingsKeys.firma(firma ?? 0),
    queryFn: () => apiFetch<ModuleSettings>(`/v1/admin/module-settings?firma=${firma}`),
    enabled: firma !== undefined,
  });

/** Saves one module's changed values; whatever the answer, the firma's settings are read again. */
export function useSaveModuleSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ModuleSettingsChange) =>
      apiFetch<ModuleSettings>('/v1/admin/module-settings', { method: 'PUT', body: change }),
    onSettled: (_data, _error, change) =>
      client.invalidateQueries({ queryKey: moduleSettingsKeys.firma(change.firma) }),
  });
}

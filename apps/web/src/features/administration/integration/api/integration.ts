import {
  ADMIN_API_PREFIX,
  type AdminApiKey,
  type AdminApiKeyCreate,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@mde/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const BASE = `${ADMIN_API_PREFIX.replace(/^\/api/, '')}integration`;
const keys = {
  apiKeys: ['admin', 'integration', 'api-keys'] as const,
  webhooks: ['admin', 'integration', 'webhooks'] as const,
  deliveries: (id: number) => ['admin', 'integration', 'webhooks', id, 'deliveries'] as const,
};

export const useApiKeys = () =>
  useQuery({
    queryKey: keys.apiKeys,
    queryFn: ({ signal }) => apiFetch<{ keys: AdminApiKey[] }>(`${BASE}/api-keys`, { signal }),
  });

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminApiKeyCreate) =>
      apiFetch<AdminApiKey & { key: string }>(`${BASE}/api-keys`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<AdminApiKey>(`${BASE}/api-keys/${id}/revoke`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export const useWebhooks = () =>
  useQuery({
    queryKey: keys.webhooks,
    queryFn: ({ signal }) => apiFetch<WebhookSubscription[]>(`${BASE}/webhooks`, { signal }),
  });

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: string[] }) =>
      apiFetch<WebhookSubscription & { secret: string }>(`${BASE}/webhooks`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.webhooks }),
  });
}

export function useDisableWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`${BASE}/webhooks/${id}/disable`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.webhooks }),
  });
}

export const useDeliveries = (id: number | null) =>
  useQuery({
    queryKey: keys.deliveries(id ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<{ deliveries: WebhookDelivery[] }>(`${BASE}/webhooks/${id}/deliveries`, { signal }),
    enabled: id !== null,
  });

export function useRedeliver(subscriptionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      apiFetch(`${BASE}/webhook-deliveries/${deliveryId}/redeliver`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.deliveries(subscriptionId) }),
  });
}

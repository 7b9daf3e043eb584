import {
  ADMIN_API_PREFIX,
  type AdminApiKey,
  type AdminApiKeyCreate,
  type ApiKeyRequest,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@mde/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const BASE = `${ADMIN_API_PREFIX.replace(/^\/api/, '')}integration`;
const keys = {
  apiKeys: ['admin', 'integration', 'api-keys'] as const,
  requests: (id: number) => ['admin', 'integration', 'api-keys', id, 'requests'] as const,
  webhooks: ['admin', 'integration', 'webhooks'] as const,
  deliveries: (id: number) => ['admin', 'integration', 'webhooks', id, 'deliveries'] as const,
};

/** The admin's keys, and the admin's firmas a new key or webhook may be made for. */
export const useApiKeys = () =>
  useQuery({
    queryKey: keys.apiKeys,
    queryFn: ({ signal }) =>
      apiFetch<{ keys: AdminApiKey[]; firmas: { id: number; name: string }[] }>(`${BASE}/api-keys`, { signal }),
  });

/** A key's newest requests (its request log), read when the admin opens them. */
export const useApiKeyRequests = (id: number) =>
  useQuery({
    queryKey: keys.requests(id),
    queryFn: ({ signal }) => apiFetch<{ requests: ApiKeyRequest[] }>(`${BASE}/api-keys/${id}/requests`, { signal }),
    // Each opening shows the newest requests.
    staleTime: 0,
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
    mutationFn: (body: { url: string; events: string[]; firmas: number[] }) =>
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

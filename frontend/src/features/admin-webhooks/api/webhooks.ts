import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export type WebhookEndpoint = components['schemas']['WebhookEndpointDto'];
export type WebhookKind = components['schemas']['WebhookKindDto'];
export type WebhookDelivery = components['schemas']['WebhookDeliveryDto'];
export type CreateWebhook = components['schemas']['CreateWebhookDto'];
export type EndpointKind = WebhookEndpoint['kind'];
export type WebhookEventType = WebhookEndpoint['events'][number];

export const webhooksQueryKey = ['admin', 'webhooks'] as const;
export const DELIVERY_PAGE_SIZE = 20;

/** GET /api/admin/webhooks (docs/webhooks.md): the endpoints and the kinds the store can deliver to. */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) => api.GET('/api/admin/webhooks', { signal }),
    meta: { errorMessage: adminRequestFailed() },
  });

/** GET /api/admin/webhooks/:id/deliveries: the endpoint's delivery log, newest first. */
export function useDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...webhooksQueryKey, id, 'deliveries', page],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/webhooks/{id}/deliveries', {
        params: { path: { id }, query: { page, pageSize: DELIVERY_PAGE_SIZE } },
        signal,
      }),
    refetchInterval: 3000,
    meta: { errorMessage: adminRequestFailed() },
  });
}

function useWebhookMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQueryKey }),
    meta: { silent: true },
  });
}

/** POST /api/admin/webhooks: answers the new endpoint and, for Standard Webhooks, its secret (once). */
export const useCreateWebhook = () =>
  useWebhookMutation((body: CreateWebhook) => api.POST('/api/admin/webhooks', { body }));

export const useRotateSecret = () =>
  useWebhookMutation((id: string) =>
    api.POST('/api/admin/webhooks/{id}/rotate', { params: { path: { id } } }),
  );

export const useSetEnabled = () =>
  useWebhookMutation(({ id, enabled }: { id: string; enabled: boolean }) =>
    enabled
      ? api.POST('/api/admin/webhooks/{id}/enable', { params: { path: { id } } })
      : api.POST('/api/admin/webhooks/{id}/disable', { params: { path: { id } } }),
  );

export const useSendTest = () =>
  useWebhookMutation((id: string) =>
    api.POST('/api/admin/webhooks/{id}/test', { params: { path: { id } } }),
  );

export const useResendDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.POST('/api/admin/webhooks/{id}/deliveries/{deliveryId}/resend', {
      params: { path: { id, deliveryId } },
    }),
  );

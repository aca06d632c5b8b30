// TanStack Query hooks of the webhook pages; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { useGoals } from './goals-queries';
import { LAST_24_HOURS } from './realtime-queries';
import type { CreatedWebhook, Delivery, NewWebhook, RotatedSecret, TestPingResult, Webhook, WebhookChanges } from './webhook-types';

const webhooksPath = (site: string) => `/api/sites/${encodeURIComponent(site)}/webhooks`;
const webhookPath = (site: string, id: string) => `${webhooksPath(site)}/${encodeURIComponent(id)}`;

export const useWebhooks = (site: string) =>
  useQuery({ queryKey: ['/api/sites/webhooks', site], queryFn: () => apiRequest<{ data: Webhook[] }>(webhooksPath(site)) });

export const useWebhook = (site: string, id: string) =>
  useQuery({ queryKey: ['/api/sites/webhooks', site, id], queryFn: () => apiRequest<{ data: Webhook }>(webhookPath(site, id)), retry: false });

export const useDeliveries = (site: string, id: string) =>
  useQuery({ queryKey: ['/api/sites/webhooks/deliveries', site, id], queryFn: () => apiRequest<{ data: Delivery[] }>(`${webhookPath(site, id)}/deliveries`) });

/** The site's goals to choose as triggers: the goals report over the last day (the cheapest window), up to 100. */
export const useSiteGoals = (site: string) => useGoals(site, LAST_24_HOURS);

/** After a change, the list and this webhook are read again. */
function useWebhookMutation<TBody, TAnswer>(site: string, call: (body: TBody) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['/api/sites/webhooks', site] }) });
}

export const useCreateWebhook = (site: string) =>
  useWebhookMutation(site, (body: NewWebhook) => apiRequest<{ data: CreatedWebhook }>(webhooksPath(site), { method: 'POST', body }).then((answer) => answer.data));

export const useUpdateWebhook = (site: string, id: string) =>
  useWebhookMutation(site, (body: WebhookChanges) => apiRequest<{ data: Webhook }>(webhookPath(site, id), { method: 'PATCH', body }).then((answer) => answer.data));

export const useRotateSecret = (site: string, id: string) =>
  useWebhookMutation(site, () => apiRequest<{ data: RotatedSecret }>(`${webhookPath(site, id)}/rotate-secret`, { method: 'POST', body: {} }).then((answer) => answer.data));

export function useDeleteWebhook(site: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ success: true }>(webhookPath(site, id), { method: 'DELETE' }),
    // Only the list is read again: the deleted webhook's own queries, still on screen until the page changes,
    // are left alone (read again, they would answer 404).
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/sites/webhooks', site], exact: true }),
  });
}

/** The ping is not logged, so nothing is read again; its answer is shown as it is. */
export const useTestWebhook = (site: string, id: string) =>
  useMutation({ mutationFn: () => apiRequest<{ data: TestPingResult }>(`${webhookPath(site, id)}/test`, { method: 'POST', body: {} }).then((answer) => answer.data) });

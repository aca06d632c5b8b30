// TanStack Query hooks of the alert and report-mail pages; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { Alert, AlertChanges, AlertFiring, AlertPreset, NewAlert, ReportSubscription, ReportSubscriptionChange } from './alert-types';

const sitePath = (site: string, rest: string) => `/api/sites/${encodeURIComponent(site)}${rest}`;
/** The firing log is read again this often while the page is open (a rule may fire at any evaluation). */
const REFRESH_MS = 15_000;

export const useAlerts = (site: string) =>
  useQuery({ queryKey: ['/api/sites/alerts', site], queryFn: () => apiRequest<{ data: Alert[] }>(sitePath(site, '/alerts')), refetchInterval: REFRESH_MS });

export const useAlertPresets = (site: string) =>
  useQuery({ queryKey: ['/api/sites/alert-presets', site], queryFn: () => apiRequest<{ data: AlertPreset[] }>(sitePath(site, '/alert-presets')), staleTime: Infinity });

export const useAlertFirings = (site: string) =>
  useQuery({ queryKey: ['/api/sites/alerts/firings', site], queryFn: () => apiRequest<{ data: AlertFiring[] }>(sitePath(site, '/alert-firings')), refetchInterval: REFRESH_MS });

/** After a change, the rules and the log are read again. */
function useAlertMutation<TBody, TAnswer>(site: string, call: (body: TBody) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['/api/sites/alerts', site] });
      await client.invalidateQueries({ queryKey: ['/api/sites/alerts/firings', site] });
    },
  });
}

export const useCreateAlert = (site: string) =>
  useAlertMutation(site, (body: NewAlert) => apiRequest<{ data: Alert }>(sitePath(site, '/alerts'), { method: 'POST', body }).then((answer) => answer.data));

export const useUpdateAlert = (site: string) =>
  useAlertMutation(site, ({ id, changes }: { id: string; changes: AlertChanges }) => apiRequest<{ data: Alert }>(sitePath(site, `/alerts/${encodeURIComponent(id)}`), { method: 'PATCH', body: changes }).then((answer) => answer.data));

export const useDeleteAlert = (site: string) =>
  useAlertMutation(site, (id: string) => apiRequest<{ success: true }>(sitePath(site, `/alerts/${encodeURIComponent(id)}`), { method: 'DELETE' }));

export const useReportSubscription = (site: string) =>
  useQuery({ queryKey: ['/api/sites/email-reports', site], queryFn: () => apiRequest<{ data: ReportSubscription }>(sitePath(site, '/email-reports')) });

export function useSaveReportSubscription(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportSubscriptionChange) => apiRequest<{ data: ReportSubscription }>(sitePath(site, '/email-reports'), { method: 'PUT', body }).then((answer) => answer.data),
    onSuccess: (saved) => client.setQueryData(['/api/sites/email-reports', site], { data: saved }),
  });
}

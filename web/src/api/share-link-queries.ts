// A site's private link (admins): read, generate or replace, revoke, and its optional password.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { GetResponse } from './types';

export type PrivateLinkConfig = GetResponse<'/api/sites/{site}/private-link-config'>;

const configKey = (site: string) => ['/api/sites/private-link-config', site];

export const usePrivateLinkConfig = (site: string, enabled: boolean) =>
  useQuery({ queryKey: configKey(site), queryFn: () => apiRequest<PrivateLinkConfig>(`/api/sites/${encodeURIComponent(site)}/private-link-config`), enabled });

export function usePrivateLinkAction(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'generate_private_link_key' | 'revoke_private_link_key') => apiRequest<PrivateLinkConfig>(`/api/sites/${encodeURIComponent(site)}/private-link-config`, { method: 'POST', body: { action } }),
    onSuccess: (answer) => client.setQueryData(configKey(site), answer),
  });
}

export function useSetLinkPassword(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string | null) =>
      apiRequest<{ data: { hasPassword: boolean } }>(`/api/sites/${encodeURIComponent(site)}/private-link-password`, { method: 'PUT', body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: configKey(site) }),
  });
}

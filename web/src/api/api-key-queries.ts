// TanStack Query hooks of API keys: an organization's or the signed-in account's; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, queryString } from './client';
import type { ApiKeyList, CreatedApiKey, NewApiKey, RevokedApiKey } from './settings-types';

/** Keys of the organization (`organizationId`) or, without it, of the signed-in account. */
export const useApiKeys = (organizationId?: string, enabled = true) =>
  useQuery({
    queryKey: ['/api/auth/api-key/list', organizationId ?? 'user'],
    queryFn: () => apiRequest<ApiKeyList>(`/api/auth/api-key/list${queryString({ organizationId })}`),
    enabled,
  });

export function useCreateApiKey(organizationId?: string) {
  const client = useQueryClient();
  const path = organizationId === undefined ? '/api/user/api-keys' : `/api/organizations/${encodeURIComponent(organizationId)}/api-keys`;
  return useMutation({
    mutationFn: (body: NewApiKey) => apiRequest<CreatedApiKey>(path, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/auth/api-key/list'] }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiRequest<RevokedApiKey>('/api/auth/api-key/delete', { method: 'POST', body: { keyId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/auth/api-key/list'] }),
  });
}



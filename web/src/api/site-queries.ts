// TanStack Query hooks of a site's record: read (as a member or the public), create, change its settings, delete; whether it has data.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { CreatedSite, DeletedSite, HasData, IsPublic, NewSite, SiteAnswer, SiteRecord } from './types';
import type { SiteConfigBody } from './settings-types';

export const useSite = (site: string) =>
  useQuery({ queryKey: ['/api/sites', site], queryFn: () => apiRequest<SiteAnswer>(`/api/sites/${encodeURIComponent(site)}`) });

/** Polls every `intervalMs` until the site has an event. */
export const useHasData = (site: string, intervalMs = 2000) =>
  useQuery({
    queryKey: ['/api/sites/has-data', site],
    queryFn: () => apiRequest<HasData>(`/api/sites/${encodeURIComponent(site)}/has-data`),
    refetchInterval: (query) => (query.state.data?.hasData ? false : intervalMs),
  });

export function useCreateSite(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSite) => apiRequest<CreatedSite>(`/api/organizations/${encodeURIComponent(organizationId)}/sites`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/organizations/sites', organizationId] }),
  });
}

/** The site with its settings when the caller is a member of its organization (the public view otherwise). */
export const useSiteRecord = (site: string) =>
  useQuery({ queryKey: ['/api/sites', site, 'record'], queryFn: () => apiRequest<SiteAnswer>(`/api/sites/${encodeURIComponent(site)}`), retry: false });

/** Whether the site's reports answer without credentials; a private site answers an error to a signed-out caller. */
export const useIsPublic = (site: string, enabled: boolean) =>
  useQuery({ queryKey: ['/api/sites/is-public', site], queryFn: () => apiRequest<IsPublic>(`/api/sites/${encodeURIComponent(site)}/is-public`), enabled, retry: false });

export function useUpdateSite(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteConfigBody) => apiRequest<SiteRecord>(`/api/sites/${encodeURIComponent(site)}/config`, { method: 'PUT', body }),
    onSuccess: (record) => {
      client.setQueryData(['/api/sites', site, 'record'], record);
      void client.invalidateQueries({ queryKey: ['/api/sites', site] });
      void client.invalidateQueries({ queryKey: ['/api/organizations/sites'] });
    },
  });
}

export function useDeleteSite(site: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DeletedSite>(`/api/sites/${encodeURIComponent(site)}`, { method: 'DELETE' }),
    onSuccess: () => client.removeQueries({ queryKey: ['/api/organizations/sites'] }),
  });
}


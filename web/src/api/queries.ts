// TanStack Query hooks for the API calls the dashboard makes; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, queryString } from './client';
import type {
  Annotation, CreatedOrganization, CreatedSite, DeletedSite, EventProperties, IsPublic, LiveUserCount, MetricBreakdown, OutboundLinks,
  HasData, InstanceConfig, NewOrganization, NewSite, Overview, OverviewTimeSeries, OrganizationSites, Session, SignInBody,
  SignUpBody, SiteAnswer, SiteRecord, UserOrganization,
} from './types';
import type {
  ApiKeyList, CreatedApiKey, EventsPage, EventsSince, NewApiKey, RevokedApiKey, SiteConfigBody,
} from './settings-types';

/** The last 24 hours, as report parameters: the window the sites page shows. */
export const LAST_24_HOURS = { past_minutes_start: 1440, past_minutes_end: 0 } as const;

export const useInstanceConfig = (enabled = true) => useQuery({ queryKey: ['/api/config'], queryFn: () => apiRequest<InstanceConfig>('/api/config'), enabled });

export const useSession = () => useQuery({ queryKey: ['/api/auth/get-session'], queryFn: () => apiRequest<Session>('/api/auth/get-session') });

export const useOrganizations = (enabled = true) =>
  useQuery({ queryKey: ['/api/user/organizations'], queryFn: () => apiRequest<UserOrganization[]>('/api/user/organizations'), enabled });

export const useOrganizationSites = (organizationId: string | undefined) =>
  useQuery({
    queryKey: ['/api/organizations/sites', organizationId],
    queryFn: () => apiRequest<OrganizationSites>(`/api/organizations/${encodeURIComponent(organizationId ?? '')}/sites`),
    enabled: organizationId !== undefined,
  });

export const useSite = (site: string) =>
  useQuery({ queryKey: ['/api/sites', site], queryFn: () => apiRequest<SiteAnswer>(`/api/sites/${encodeURIComponent(site)}`) });

/** Polls every `intervalMs` until the site has an event. */
export const useHasData = (site: string, intervalMs = 2000) =>
  useQuery({
    queryKey: ['/api/sites/has-data', site],
    queryFn: () => apiRequest<HasData>(`/api/sites/${encodeURIComponent(site)}/has-data`),
    refetchInterval: (query) => (query.state.data?.hasData ? false : intervalMs),
  });

export type ReportParams = Record<string, string | number | undefined>;

export const useOverview = (site: string, params: ReportParams) =>
  useQuery({
    queryKey: ['/api/sites/overview', site, params],
    queryFn: () => apiRequest<Overview>(`/api/sites/${encodeURIComponent(site)}/overview${queryString(params)}`),
  });

export const useOverviewTimeSeries = (site: string, params: ReportParams, enabled = true) =>
  useQuery({
    queryKey: ['/api/sites/overview/time-series', site, params],
    queryFn: () => apiRequest<OverviewTimeSeries>(`/api/sites/${encodeURIComponent(site)}/overview/time-series${queryString(params)}`),
    enabled,
  });

/**
 * Signing in, up or out changes who is asking: every cached answer is dropped (not refetched: the pages on
 * screen may be those the new session cannot read; the next page fetches what it needs).
 */
function useResetAfter<TBody>(call: (body: TBody) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.clear() });
}

export const useSignUp = () => useResetAfter((body: SignUpBody) => apiRequest('/api/auth/sign-up/email', { method: 'POST', body }));
export const useSignIn = () => useResetAfter((body: SignInBody) => apiRequest('/api/auth/sign-in/email', { method: 'POST', body }));
export const useSignOut = () => useResetAfter(() => apiRequest('/api/auth/sign-out', { method: 'POST', body: {} }));

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOrganization) => apiRequest<CreatedOrganization>('/api/auth/organization/create', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/user/organizations'] }),
  });
}

export function useCreateSite(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSite) => apiRequest<CreatedSite>(`/api/organizations/${encodeURIComponent(organizationId)}/sites`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/organizations/sites', organizationId] }),
  });
}

// Realtime, site settings, API keys and public access (the realtime and settings pages).

/** The site with its settings when the caller is a member of its organization (the public view otherwise). */
export const useSiteRecord = (site: string) =>
  useQuery({ queryKey: ['/api/sites', site, 'record'], queryFn: () => apiRequest<SiteAnswer>(`/api/sites/${encodeURIComponent(site)}`), retry: false });

/** Whether the site's reports answer without credentials; a private site answers an error to a signed-out caller. */
export const useIsPublic = (site: string, enabled: boolean) =>
  useQuery({ queryKey: ['/api/sites/is-public', site], queryFn: () => apiRequest<IsPublic>(`/api/sites/${encodeURIComponent(site)}/is-public`), enabled, retry: false });

export const useLiveUserCount = (site: string, intervalMs: number | false) =>
  useQuery({
    queryKey: ['/api/sites/live-user-count', site],
    queryFn: () => apiRequest<LiveUserCount>(`/api/sites/${encodeURIComponent(site)}/live-user-count`),
    refetchInterval: intervalMs,
  });

export const fetchLatestEvents = (site: string, pageSize: number) =>
  apiRequest<EventsPage>(`/api/sites/${encodeURIComponent(site)}/events${queryString({ ...LAST_24_HOURS, page_size: pageSize })}`);

export const fetchEventsSince = (site: string, since: string) =>
  apiRequest<EventsSince>(`/api/sites/${encodeURIComponent(site)}/events${queryString({ ...LAST_24_HOURS, since_timestamp: since })}`);

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

// The site dashboard's reports.
/** `/api/sites/<site><path>?<params>`. */
export const sitePath = (site: string, path: string, params: ReportParams = {}) => `/api/sites/${encodeURIComponent(site)}${path}${queryString(params)}`;

export const useMetric = (site: string, params: ReportParams, enabled = true) =>
  useQuery({ queryKey: ['/api/sites/metric', site, params], queryFn: () => apiRequest<MetricBreakdown>(sitePath(site, '/metric', params)), enabled });

export const useAnnotations = (site: string, params: ReportParams) =>
  useQuery({ queryKey: ['/api/sites/annotations', site, params], queryFn: () => apiRequest<Annotation[]>(sitePath(site, '/annotations', params)) });

export const useEventProperties = (site: string, params: ReportParams, enabled = true) =>
  useQuery({ queryKey: ['/api/sites/events/properties', site, params], queryFn: () => apiRequest<EventProperties>(sitePath(site, '/events/properties', params)), enabled });

export const useOutboundLinks = (site: string, params: ReportParams, enabled = true) =>
  useQuery({ queryKey: ['/api/sites/events/outbound', site, params], queryFn: () => apiRequest<OutboundLinks>(sitePath(site, '/events/outbound', params)), enabled });

/** The overview of the previous period (the comparison); nothing is asked when there is none. */
export const usePreviousOverview = (site: string, params: ReportParams | undefined) =>
  useQuery({ queryKey: ['/api/sites/overview', site, params], queryFn: () => apiRequest<Overview>(sitePath(site, '/overview', params)), enabled: params !== undefined });

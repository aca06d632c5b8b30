// TanStack Query hooks of the signed-in account's organizations and each one's sites; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { CreatedOrganization, NewOrganization, OrganizationSites, UserOrganization } from './types';

export const useOrganizations = (enabled = true) =>
  useQuery({ queryKey: ['/api/user/organizations'], queryFn: () => apiRequest<UserOrganization[]>('/api/user/organizations'), enabled });

export const useOrganizationSites = (organizationId: string | undefined) =>
  useQuery({
    queryKey: ['/api/organizations/sites', organizationId],
    queryFn: () => apiRequest<OrganizationSites>(`/api/organizations/${encodeURIComponent(organizationId ?? '')}/sites`),
    enabled: organizationId !== undefined,
  });

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOrganization) => apiRequest<CreatedOrganization>('/api/auth/organization/create', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/user/organizations'] }),
  });
}


// TanStack Query hooks of the organization page (members, invitations, teams); query keys start with the path.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { Invitation, Member, NewInvitation, NewTeam, Role, Team, TeamChanges } from './organization-types';

const organizationPath = (organizationId: string, rest: string) => `/api/organizations/${encodeURIComponent(organizationId)}${rest}`;

export const useMembers = (organizationId: string) =>
  useQuery({ queryKey: ['/api/organizations/members', organizationId], queryFn: () => apiRequest<{ data: Member[] }>(organizationPath(organizationId, '/members')) });

export const useTeams = (organizationId: string) =>
  useQuery({ queryKey: ['/api/organizations/teams', organizationId], queryFn: () => apiRequest<{ teams: Team[] }>(organizationPath(organizationId, '/teams')) });

/** Members and teams name each other (a member's teams, a team's members): a change reads both again. */
function useOrganizationMutation<TBody, TAnswer>(organizationId: string, call: (body: TBody) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: ['/api/organizations/members', organizationId] }),
      client.invalidateQueries({ queryKey: ['/api/organizations/teams', organizationId] }),
    ]),
  });
}

export const useInviteMember = (organizationId: string) =>
  useOrganizationMutation(organizationId, (body: NewInvitation) => apiRequest<Invitation>(organizationPath(organizationId, '/invitations'), { method: 'POST', body }));

export const useChangeRole = (organizationId: string) =>
  useOrganizationMutation(organizationId, ({ memberId, role }: { memberId: string; role: Role }) =>
    apiRequest<Member>(organizationPath(organizationId, `/members/${encodeURIComponent(memberId)}`), { method: 'PATCH', body: { role } }));

export const useRemoveMember = (organizationId: string) =>
  useOrganizationMutation(organizationId, (memberId: string) =>
    apiRequest<{ success: true }>(organizationPath(organizationId, `/members/${encodeURIComponent(memberId)}`), { method: 'DELETE' }));

export const useCreateTeam = (organizationId: string) =>
  useOrganizationMutation(organizationId, (body: NewTeam) => apiRequest<{ id: string }>(organizationPath(organizationId, '/teams'), { method: 'POST', body }));

export const useUpdateTeam = (organizationId: string) =>
  useOrganizationMutation(organizationId, ({ teamId, changes }: { teamId: string; changes: TeamChanges }) =>
    apiRequest<{ success: true }>(organizationPath(organizationId, `/teams/${encodeURIComponent(teamId)}`), { method: 'PUT', body: changes }));

export const useDeleteTeam = (organizationId: string) =>
  useOrganizationMutation(organizationId, (teamId: string) =>
    apiRequest<{ success: true }>(organizationPath(organizationId, `/teams/${encodeURIComponent(teamId)}`), { method: 'DELETE' }));

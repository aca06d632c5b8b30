// TeamsSection: the organization's teams (members see their own) with their members and site restriction, as a
// table with its CSV; admins create, edit and delete teams.
import { useState } from 'react';
import { useOrganizationSites } from '../../api/organization-list-queries';
import { useDeleteTeam, useMembers, useTeams } from '../../api/organization-queries';
import type { Team } from '../../api/organization-types';
import { Button } from '../button';
import { Card } from '../card';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { formatInstant } from '../format-instant';
import { TABLE, TableFrame, TD, TH } from '../table-frame';
import { TEAM_COLUMNS, teamMembersOf, teamSitesOf } from './member-columns';
import type { RoleAbilities } from './organization-role';
import { CreateTeamForm, EditTeamDialog } from './team-forms';

function TeamRow({ team, canManage, onEdit, onDelete }: { team: Team; canManage: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <tr data-testid="team-row">
      <td className={`${TD} font-medium`} data-testid="team-name">{team.name}</td>
      <td className={TD} data-testid="team-members">{teamMembersOf(team)}</td>
      <td className={TD} data-testid="team-sites">{teamSitesOf(team)}</td>
      <td className={`${TD} whitespace-nowrap`}><time dateTime={team.createdAt}>{formatInstant(team.createdAt)}</time></td>
      {canManage ? (
        <td className={TD}>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onEdit} aria-label={`Edit the team ${team.name}`}>Edit</Button>
            <Button variant="secondary" onClick={onDelete} aria-label={`Delete the team ${team.name}`}>Delete</Button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}

export function TeamsSection({ organizationId, abilities }: { organizationId: string; abilities: RoleAbilities }) {
  const teams = useTeams(organizationId);
  const members = useMembers(organizationId);
  const sites = useOrganizationSites(abilities.canManage ? organizationId : undefined);
  const remove = useDeleteTeam(organizationId);
  const [editing, setEditing] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const rows = teams.data?.teams ?? [];
  const choices = { members: members.data?.data ?? [], sites: sites.data?.sites ?? [] };
  const heads = ['Team', 'Members', 'Sites', 'Created', ...(abilities.canManage ? ['Actions'] : [])];
  return (
    <Card title="Teams">
      <div className="flex flex-col gap-4" data-bench-piece="teams" data-bench-state={teams.isSuccess ? (rows.length === 0 ? 'empty' : 'ready') : 'loading'}>
        <ErrorMessage error={teams.error ?? sites.error} />
        {teams.isPending ? <p role="status" className="text-sm">Loading teams…</p> : null}
        {teams.isSuccess && rows.length === 0 ? <p className="text-sm">No team yet.</p> : null}
        {rows.length > 0 ? (
          <TableFrame title="Teams" fileName="teams.csv" columns={TEAM_COLUMNS} rows={rows}>
            <table className={TABLE}>
              <caption className="sr-only">Teams</caption>
              <thead><tr>{heads.map((head) => <th key={head} scope="col" className={TH}>{head}</th>)}</tr></thead>
              <tbody>{rows.map((team) => <TeamRow key={team.id} team={team} canManage={abilities.canManage} onEdit={() => setEditing(team)} onDelete={() => setDeleting(team)} />)}</tbody>
            </table>
          </TableFrame>
        ) : null}
        {abilities.canManage && members.isSuccess && sites.isSuccess ? (
          <section aria-label="Create a team" className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 className="text-sm font-semibold">Create a team</h3>
            <CreateTeamForm organizationId={organizationId} {...choices} />
          </section>
        ) : null}
      </div>
      <EditTeamDialog organizationId={organizationId} team={editing} onClose={() => setEditing(null)} {...choices} />
      <Dialog open={deleting !== null} title="Delete the team" onClose={() => setDeleting(null)}>
        <div className="flex flex-col gap-4">
          <p className="text-sm">The team {deleting?.name} is deleted; its members keep their organization role.</p>
          <ErrorMessage error={remove.error} />
          <Button onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })} disabled={remove.isPending}>Delete</Button>
        </div>
      </Dialog>
    </Card>
  );
}

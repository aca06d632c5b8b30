// The team forms: create a team, and edit one (rename, members, sites) in a dialog.
import type { FormEvent } from 'react';
import { useCreateTeam, useUpdateTeam } from '../../api/organization-queries';
import type { Team } from '../../api/organization-types';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { teamBodyOf, TeamFields, type TeamFieldsProps } from './team-fields';

type Choices = Omit<TeamFieldsProps, 'team'>;

export function CreateTeamForm({ organizationId, ...choices }: Choices & { organizationId: string }) {
  const create = useCreateTeam(organizationId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    create.mutate(teamBodyOf(new FormData(target)), { onSuccess: () => target.reset() });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TeamFields {...choices} />
      <ErrorMessage error={create.error} />
      <Button type="submit" disabled={create.isPending} className="self-start">Create the team</Button>
    </form>
  );
}

export function EditTeamDialog({ organizationId, team, onClose, ...choices }: Choices & { organizationId: string; team: Team | null; onClose: () => void }) {
  const update = useUpdateTeam(organizationId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (team) update.mutate({ teamId: team.id, changes: teamBodyOf(new FormData(event.currentTarget)) }, { onSuccess: onClose });
  };
  return (
    <Dialog open={team !== null} title={`Edit the team ${team?.name ?? ''}`} onClose={onClose}>
      {team ? (
        <form key={team.id} onSubmit={submit} className="flex flex-col gap-4">
          <TeamFields {...choices} team={team} />
          <ErrorMessage error={update.error} />
          <Button type="submit" disabled={update.isPending} className="self-start">Save the team</Button>
        </form>
      ) : null}
    </Dialog>
  );
}

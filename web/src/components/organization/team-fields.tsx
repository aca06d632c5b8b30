// TeamFields: a team's name, members (chosen among the organization's) and the sites it is restricted to (none
// chosen: every site), for the create and the edit forms; teamBodyOf reads them back.
import type { Member, Team } from '../../api/organization-types';
import type { Site } from '../../api/types';
import { CheckboxField } from '../checkbox-field';
import { TextField } from '../text-field';

export function teamBodyOf(form: FormData): { name: string; memberUserIds: string[]; siteIds: number[] } {
  return {
    name: String(form.get('teamName') ?? '').trim(),
    memberUserIds: form.getAll('memberUserId').map(String),
    siteIds: form.getAll('siteId').map(Number).filter((id) => Number.isInteger(id) && id > 0),
  };
}

export interface TeamFieldsProps {
  readonly members: readonly Member[];
  readonly sites: readonly Site[];
  readonly team?: Team;
}

export function TeamFields({ members, sites, team }: TeamFieldsProps) {
  const onTeam = new Set(team?.members.map((member) => member.userId));
  const teamSites = new Set(team?.sites.map((site) => site.siteId));
  return (
    <>
      <TextField label="Team name" name="teamName" required maxLength={100} defaultValue={team?.name} autoComplete="off" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Members</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {members.map((member) => (
            <CheckboxField key={member.userId} name="memberUserId" value={member.userId} label={member.user.name || member.user.email} hint={member.user.email} defaultChecked={onTeam.has(member.userId)} />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Restricted to sites</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">None checked: the team's members see every site. Admins and owners always see every site.</p>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {sites.map((site) => <CheckboxField key={site.siteId} name="siteId" value={site.siteId} label={site.name} hint={site.domain} defaultChecked={teamSites.has(site.siteId)} />)}
        </div>
      </fieldset>
    </>
  );
}

// What the members and teams tables show and download, as the API returned it.
import type { Member, Team } from '../../api/organization-types';
import type { CsvColumn } from '../csv';

export const teamNamesOf = (member: Member) => member.teams.map((team) => team.name).join(', ');

/** "All sites", or the site ids a restricted member sees (as the API lists them). */
export const siteAccessOf = (member: Member) => (member.siteAccess.hasRestrictedSiteAccess ? `Only sites ${member.siteAccess.siteIds.join(', ') || '(none)'}` : 'All sites');

export const MEMBER_COLUMNS: ReadonlyArray<CsvColumn<Member>> = [
  { header: 'Member id', value: (member) => member.id },
  { header: 'Name', value: (member) => member.user.name },
  { header: 'Email', value: (member) => member.user.email },
  { header: 'Role', value: (member) => member.role },
  { header: 'Teams', value: teamNamesOf },
  { header: 'Site access', value: siteAccessOf },
  { header: 'Joined', value: (member) => member.createdAt },
];

export const teamMembersOf = (team: Team) => team.members.map((member) => member.userName ?? member.userEmail).join(', ');
export const teamSitesOf = (team: Team) => (team.sites.length === 0 ? 'All sites' : team.sites.map((site) => site.name || site.domain).join(', '));

export const TEAM_COLUMNS: ReadonlyArray<CsvColumn<Team>> = [
  { header: 'Team id', value: (team) => team.id },
  { header: 'Name', value: (team) => team.name },
  { header: 'Members', value: (team) => team.members.map((member) => member.userEmail).join('; ') },
  { header: 'Restricted to sites', value: (team) => team.sites.map((site) => site.domain).join('; ') },
  { header: 'Created', value: (team) => team.createdAt },
];

// SiteNav: links between a site's pages (dashboard, realtime, the analyses, alerts, email reports, webhooks,
// imports, settings); the last five only for signed-in members, sessions and users only for readers who may see people.
import { NavLink } from 'react-router';
import { FOCUS_RING } from '../button';
import { usePeopleVisible } from '../public-access/people-visible';
import { useSiteAccess } from '../public-access/read-only';

const LINK = `rounded px-2 py-1 text-sm font-medium underline-offset-2 hover:underline ${FOCUS_RING}`;
const look = ({ isActive }: { isActive: boolean }) =>
  `${LINK} ${isActive ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' : 'text-indigo-700 dark:text-indigo-300'}`;

export function SiteNav({ site }: { site: string }) {
  const { readOnly } = useSiteAccess();
  const people = usePeopleVisible(site);
  const base = `/sites/${encodeURIComponent(site)}`;
  return (
    <nav aria-label="Site pages" className="flex flex-wrap gap-2">
      <NavLink end to={base} className={look}>Dashboard</NavLink>
      <NavLink to={`${base}/realtime`} className={look}>Realtime</NavLink>
      {people ? <NavLink to={`${base}/sessions`} className={look}>Sessions</NavLink> : null}
      {people ? <NavLink to={`${base}/users`} className={look}>Users</NavLink> : null}
      {people ? <NavLink to={`${base}/replays`} className={look}>Replays</NavLink> : null}
      <NavLink to={`${base}/goals`} className={look}>Goals</NavLink>
      <NavLink to={`${base}/funnels`} className={look}>Funnels</NavLink>
      <NavLink to={`${base}/journeys`} className={look}>Journeys</NavLink>
      <NavLink to={`${base}/retention`} className={look}>Retention</NavLink>
      <NavLink to={`${base}/errors`} className={look}>Errors</NavLink>
      <NavLink to={`${base}/performance`} className={look}>Performance</NavLink>
      <NavLink to={`${base}/bots`} className={look}>Bots</NavLink>
      {readOnly ? null : <NavLink to={`${base}/alerts`} className={look}>Alerts</NavLink>}
      {readOnly ? null : <NavLink to={`${base}/email-reports`} className={look}>Email reports</NavLink>}
      {readOnly ? null : <NavLink to={`${base}/webhooks`} className={look}>Webhooks</NavLink>}
      {readOnly ? null : <NavLink to={`${base}/imports`} className={look}>Imports</NavLink>}
      {readOnly ? null : <NavLink to={`${base}/settings`} className={look}>Settings</NavLink>}
    </nav>
  );
}

// SiteNav: links between a site's pages (dashboard, realtime, the analyses, alerts, email reports, webhooks,
// imports, settings); the last five only for signed-in members, sessions and users only for readers who may see people.
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { FOCUS_RING } from '../button';
import { usePeopleVisible } from '../public-access/people-visible';
import { useSiteAccess } from '../public-access/read-only';

// Tabs: one row that scrolls sideways on a narrow screen (never wrapping to several lines), the current one underlined.
const LINK = `shrink-0 whitespace-nowrap rounded-t border-b-2 px-3 py-2 text-sm font-medium ${FOCUS_RING}`;
const look = ({ isActive }: { isActive: boolean }) =>
  `${LINK} ${isActive ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-600 dark:hover:text-white'}`;

export function SiteNav({ site }: { site: string }) {
  const { readOnly } = useSiteAccess();
  const people = usePeopleVisible(site);
  const base = `/sites/${encodeURIComponent(site)}`;
  const box = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The current tab is kept in view when the row scrolls.
  useEffect(() => {
    box.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={box} aria-label="Site pages" data-testid="site-nav" className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1 dark:border-slate-800">
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

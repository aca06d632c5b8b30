// Asks the site dashboard's first questions (top-line figures, chart) as soon as the entry chunk runs, with the
// keys the page will use: they leave while the page's own chunk loads and the session is checked, instead of
// after both. Only in a browser that was signed in when last asked (api/session-hint.ts): a signed-out visitor
// of a private site is sent to sign in without asking anything it may not read.
import type { QueryClient } from '@tanstack/react-query';
import { reportQuery } from '../api/report-query';
import { wasSignedIn } from '../api/session-hint';
import { todayIn } from './period';
import { readViewState } from './url-state';
import { browserZone, siteViewParams } from './use-site-view';

const SITE_DASHBOARD = /^\/sites\/([^/]+)\/?$/;

export function prefetchSiteDashboard(client: QueryClient, location: Pick<Location, 'pathname' | 'search'>, now: Date, signedIn = wasSignedIn()): void {
  if (!signedIn) return;
  const match = SITE_DASHBOARD.exec(location.pathname);
  const site = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
  if (site === undefined || site === 'new') return;
  const view = readViewState(new URLSearchParams(location.search), browserZone());
  const { params, bucket } = siteViewParams(view, todayIn(view.timeZone, now));
  void client.prefetchQuery(reportQuery('/api/sites/{site}/overview', site, params));
  void client.prefetchQuery(reportQuery('/api/sites/{site}/overview/time-series', site, { ...params, bucket }));
}

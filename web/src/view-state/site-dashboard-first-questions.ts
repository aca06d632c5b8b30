// The site dashboard's first questions (top-line figures, chart), from the page's address alone: asked before the
// bundle has parsed (early-questions.ts) and again, with the page's query keys, as soon as it has run
// (prefetch-site-dashboard.ts). Only in a browser that was signed in when last asked (api/session-hint.ts): a
// signed-out visitor of a private site is sent to sign in without asking anything it may not read.
import { sitePath } from '../api/client';
import type { ReportParams, SiteReportPath } from '../api/report-query';
import { wasSignedIn } from '../api/session-hint';
import { todayIn } from './period';
import { browserZone, siteViewParams } from './site-view-params';
import { readViewState } from './url-state';

const SITE_DASHBOARD = /^\/sites\/([^/]+)\/?$/;

export interface FirstQuestion {
  readonly path: SiteReportPath;
  readonly site: string;
  readonly params: ReportParams;
  /** What the browser asks: `/api/sites/<site>/...?<params>`. */
  readonly url: string;
}

const question = (path: SiteReportPath, site: string, params: ReportParams): FirstQuestion => ({
  path,
  site,
  params,
  url: sitePath(site, path.slice('/api/sites/{site}'.length), params),
});

export function siteDashboardFirstQuestions(location: Pick<Location, 'pathname' | 'search'>, now: Date, signedIn = wasSignedIn()): FirstQuestion[] {
  if (!signedIn) return [];
  const match = SITE_DASHBOARD.exec(location.pathname);
  const site = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
  if (site === undefined || site === 'new') return [];
  const view = readViewState(new URLSearchParams(location.search), browserZone());
  const { params, bucket } = siteViewParams(view, todayIn(view.timeZone, now));
  return [question('/api/sites/{site}/overview', site, params), question('/api/sites/{site}/overview/time-series', site, { ...params, bucket })];
}

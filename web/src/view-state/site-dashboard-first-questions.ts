// The site dashboard's first questions (top-line figures, chart, the cards' breakdowns), from the page's address alone: asked before the
// bundle has parsed (early-questions.ts) and again, with the page's query keys, as soon as it has run
// (prefetch-site-dashboard.ts). Only in a browser that was signed in when last asked (api/session-hint.ts): a
// signed-out visitor of a private site is sent to sign in without asking anything it may not read.
import { breakdownsParams } from '../api/breakdowns-query';
import { sitePath } from '../api/client';
import type { ReportParams, SiteReportPath } from '../api/report-query';
import { wasSignedIn } from '../api/session-hint';
import { todayIn } from './period';
import { browserZone, siteViewParams } from './site-view-params';
import { FIRST_BREAKDOWNS } from './site-dashboard-breakdowns';
import { readViewState } from './url-state';

const SITE_DASHBOARD = /^\/sites\/([^/]+)\/?$/;

export interface FirstQuestion {
  readonly path: SiteReportPath;
  readonly site: string;
  readonly params: ReportParams;
  /** What the browser asks: `/api/sites/<site>/...?<params>`. */
  readonly url: string;
  /**
   * Asked once the questions before it have their answers (or failed): the engine answers one query at a time and
   * would otherwise interleave this question's queries with theirs, so the figures and the chart would come later.
   */
  readonly afterFirst: boolean;
}

const question = (path: SiteReportPath, site: string, params: ReportParams, afterFirst = false): FirstQuestion => ({
  path,
  site,
  params,
  url: sitePath(site, path.slice('/api/sites/{site}'.length), params),
  afterFirst,
});

export function siteDashboardFirstQuestions(location: Pick<Location, 'pathname' | 'search'>, now: Date, signedIn = wasSignedIn()): FirstQuestion[] {
  if (!signedIn) return [];
  const match = SITE_DASHBOARD.exec(location.pathname);
  const site = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
  if (site === undefined || site === 'new') return [];
  const view = readViewState(new URLSearchParams(location.search), browserZone());
  const { params, bucket } = siteViewParams(view, todayIn(view.timeZone, now));
  // The cards' breakdowns after the top-line figures and the chart, but without waiting for the page to draw its cards.
  return [
    question('/api/sites/{site}/overview', site, params),
    question('/api/sites/{site}/overview/time-series', site, { ...params, bucket }),
    question('/api/sites/{site}/breakdowns', site, breakdownsParams(params, FIRST_BREAKDOWNS), true),
  ];
}

/** Asks each question with `ask`, those marked `afterFirst` once the ones before them have settled; in the same order. */
export function askInTurn<T>(questions: readonly FirstQuestion[], ask: (question: FirstQuestion) => Promise<T>): Array<Promise<T>> {
  const before: Array<Promise<T>> = [];
  return questions.map((entry) => {
    const asked = entry.afterFirst ? Promise.allSettled([...before]).then(() => ask(entry)) : ask(entry);
    before.push(asked);
    return asked;
  });
}

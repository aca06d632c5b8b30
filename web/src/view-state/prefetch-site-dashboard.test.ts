// The site dashboard's early questions: asked on the dashboard's own path, only in a browser that was signed in;
// answers early-questions.ts asked before the bundle ran are taken over, once, and the rest dropped.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { breakdownsQuery } from '../api/breakdowns-query';
import { keepEarlyAnswer, takeEarlyAnswer } from '../api/early-answers';
import { reportKey } from '../api/report-query';
import { SHARED_BREAKDOWNS } from '../components/site-dashboard/breakdown-cards';
import { prefetchSiteDashboard } from './prefetch-site-dashboard';
import { askInTurn, siteDashboardFirstQuestions } from './site-dashboard-first-questions';

const NOW = new Date('2026-11-27T12:00:00Z');

function askedPaths(pathname: string, signedIn: boolean): string[] {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchSiteDashboard(client, { pathname, search: '' }, NOW, signedIn);
  return client.getQueryCache().getAll().map((query) => String(query.queryKey[0])).sort();
}

describe('prefetchSiteDashboard', () => {
  it('asks the top-line figures, the chart and the cards\' breakdowns on the site dashboard of a browser that was signed in', () => {
    expect(askedPaths('/sites/4e7d777dc4eb', true)).toEqual(['/api/sites/breakdowns', '/api/sites/overview', '/api/sites/overview/time-series']);
  });

  it('asks the breakdowns with the key the cards read (the first tab of every card that reads /metric)', () => {
    const [overview, , breakdowns] = siteDashboardFirstQuestions({ pathname: '/sites/4e7d777dc4eb', search: '?period=30d' }, NOW, true);
    if (!overview || !breakdowns) throw new Error('expected the overview and the breakdowns');
    expect(breakdowns.url).toBe(
      '/api/sites/4e7d777dc4eb/breakdowns?start_date=2026-10-29&end_date=2026-11-27&time_zone=UTC'
        + '&parameters=pathname%2Cchannel%2Ccountry%2Cbrowser%2Clanguage%2Chostname%2Cevent_name&limits=10%2C10%2C300%2C10%2C10%2C10%2C10',
    );
    expect(reportKey(breakdowns.path, breakdowns.site, breakdowns.params)).toEqual(breakdownsQuery('4e7d777dc4eb', overview.params, SHARED_BREAKDOWNS).queryKey);
  });

  it('asks nothing before the session check in a browser that was not signed in', () => {
    expect(askedPaths('/sites/4e7d777dc4eb', false)).toEqual([]);
  });

  it('asks nothing on the other pages', () => {
    expect(askedPaths('/sites/4e7d777dc4eb/goals', true)).toEqual([]);
    expect(askedPaths('/sites/new', true)).toEqual([]);
  });
});

describe('askInTurn', () => {
  it('asks the breakdowns only once the figures and the chart have settled, a failure included', async () => {
    const questions = siteDashboardFirstQuestions({ pathname: '/sites/4e7d777dc4eb', search: '' }, NOW, true);
    expect(questions.map((entry) => entry.afterFirst)).toEqual([false, false, true]);
    const asked: string[] = [];
    const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
    const answers = askInTurn(questions, (entry) => {
      asked.push(entry.path);
      return new Promise<void>((resolve, reject) => pending.set(entry.path, { resolve, reject }));
    });
    answers.forEach((answer) => answer.catch(() => undefined));
    expect(asked).toEqual(['/api/sites/{site}/overview', '/api/sites/{site}/overview/time-series']);
    pending.get('/api/sites/{site}/overview')?.resolve();
    await Promise.resolve();
    expect(asked).toHaveLength(2);
    pending.get('/api/sites/{site}/overview/time-series')?.reject(new Error('refused'));
    await vi.waitFor(() => expect(asked).toEqual(['/api/sites/{site}/overview', '/api/sites/{site}/overview/time-series', '/api/sites/{site}/breakdowns']));
  });
});

describe('answers asked before the bundle ran', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are taken over by the page\'s queries instead of asking again, and the ones not taken are dropped', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      asked.push(path);
      return Promise.resolve(new Response(JSON.stringify({ data: 'asked by the bundle' }), { status: 200 }));
    });
    const [overview, series, breakdowns] = siteDashboardFirstQuestions({ pathname: '/sites/4e7d777dc4eb', search: '' }, NOW, true);
    if (!overview || !series || !breakdowns) throw new Error('expected the overview, the series and the breakdowns');
    expect(overview.url).toBe('/api/sites/4e7d777dc4eb/overview?start_date=2026-11-21&end_date=2026-11-27&time_zone=UTC');
    keepEarlyAnswer(overview.url, Promise.resolve(new Response(JSON.stringify({ data: 'asked early' }), { status: 200 })));
    keepEarlyAnswer('/api/sites/4e7d777dc4eb/metric?parameter=pathname', Promise.resolve(new Response('{}', { status: 200 })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchSiteDashboard(client, { pathname: '/sites/4e7d777dc4eb', search: '' }, NOW, true);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(client.getQueryData(['/api/sites/overview', '4e7d777dc4eb', overview.params])).toEqual({ data: 'asked early' });
    expect(client.getQueryData(['/api/sites/overview/time-series', '4e7d777dc4eb', series.params])).toEqual({ data: 'asked by the bundle' });
    expect(asked).toEqual([series.url, breakdowns.url]);
    expect(takeEarlyAnswer('/api/sites/4e7d777dc4eb/metric?parameter=pathname')).toBeUndefined();
  });

  it('carry an early failure to the page\'s query as the API\'s error', async () => {
    const [overview] = siteDashboardFirstQuestions({ pathname: '/sites/4e7d777dc4eb', search: '' }, NOW, true);
    if (!overview) throw new Error('expected the overview');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 200 })));
    keepEarlyAnswer(overview.url, Promise.resolve(new Response(JSON.stringify({ error: 'Site not found' }), { status: 404 })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchSiteDashboard(client, { pathname: '/sites/4e7d777dc4eb', search: '' }, NOW, true);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(client.getQueryState(['/api/sites/overview', '4e7d777dc4eb', overview.params])?.error).toMatchObject({ status: 404, message: 'Site not found' });
  });
});

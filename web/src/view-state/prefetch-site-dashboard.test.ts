// The site dashboard's early questions: asked on the dashboard's own path, only in a browser that was signed in.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { prefetchSiteDashboard } from './prefetch-site-dashboard';

const NOW = new Date('2026-11-27T12:00:00Z');

function askedPaths(pathname: string, signedIn: boolean): string[] {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchSiteDashboard(client, { pathname, search: '' }, NOW, signedIn);
  return client.getQueryCache().getAll().map((query) => String(query.queryKey[0])).sort();
}

describe('prefetchSiteDashboard', () => {
  it('asks the top-line figures and the chart on the site dashboard of a browser that was signed in', () => {
    expect(askedPaths('/sites/4e7d777dc4eb', true)).toEqual(['/api/sites/overview', '/api/sites/overview/time-series']);
  });

  it('asks nothing before the session check in a browser that was not signed in', () => {
    expect(askedPaths('/sites/4e7d777dc4eb', false)).toEqual([]);
  });

  it('asks nothing on the other pages', () => {
    expect(askedPaths('/sites/4e7d777dc4eb/goals', true)).toEqual([]);
    expect(askedPaths('/sites/new', true)).toEqual([]);
  });
});

// /sites/:site/users: the people of the period matching the filters and segment (sorted, paged) and their trait keys.
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useUsers } from '../api/people-queries';
import { benchStateOfRows } from '../components/report-kit/bench-state';
import { Card } from '../components/card';
import { csvFileName } from '../components/csv';
import { CONTROL } from '../components/report-kit/period-picker';
import { ErrorMessage } from '../components/error-message';
import { Pager, usePage } from '../components/people/pager';
import { SitePageTop } from '../components/people/site-page-top';
import { TraitBrowser } from '../components/people/trait-browser';
import { UserTable } from '../components/people/user-table';
import { useSiteView } from '../view-state/use-site-view';

const PAGE_SIZE = 50;
const SORTS = [
  { key: 'last_seen', label: 'Last seen' }, { key: 'first_seen', label: 'First seen' }, { key: 'sessions', label: 'Sessions' },
  { key: 'pageviews', label: 'Pageviews' }, { key: 'events', label: 'Events' },
] as const;

export function UsersPage() {
  const { site = '' } = useParams();
  const id = useId();
  const siteView = useSiteView();
  const page = usePage();
  const [search, setSearch] = useSearchParams();
  const sort = SORTS.find((entry) => entry.key === search.get('sort'))?.key ?? 'last_seen';
  const order = search.get('order') === 'asc' ? 'asc' : 'desc';
  const users = useUsers(site, { ...siteView.params, page, page_size: PAGE_SIZE, sort_by: sort, sort_order: order });
  const rows = users.data?.data ?? [];
  const setSort = (name: 'sort' | 'order', value: string) => setSearch((current) => {
    const next = new URLSearchParams(current);
    next.set(name, value);
    next.delete('page');
    return next;
  });
  return (
    <div className="flex flex-col gap-4">
      <SitePageTop site={site} title="Users" siteView={siteView} />
      <ErrorMessage error={users.error} />
      <Card title="Users">
        <div className="mb-3 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-sort`} className="text-xs font-medium">Sort by</label>
            <select id={`${id}-sort`} className={CONTROL} value={sort} onChange={(event) => setSort('sort', event.target.value)}>
              {SORTS.map((entry) => <option key={entry.key} value={entry.key}>{entry.label}</option>)}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-order`} className="text-xs font-medium">Order</label>
            <select id={`${id}-order`} className={CONTROL} value={order} onChange={(event) => setSort('order', event.target.value)}>
              <option value="desc">Highest / newest first</option>
              <option value="asc">Lowest / oldest first</option>
            </select>
          </div>
          {users.data ? <p data-testid="user-total" data-total={users.data.totalCount} className="text-sm text-slate-600 dark:text-slate-400">{users.data.totalCount} users</p> : null}
        </div>
        <div data-bench-piece="users" data-bench-state={benchStateOfRows(users.isSuccess, rows.length)}>
          {users.isPending ? <p className="text-sm">Loading…</p> : (
            <UserTable site={site} rows={rows} timeZone={siteView.view.timeZone} fileName={csvFileName('users', siteView.view.period.key, `page ${page}`)} />
          )}
          <Pager page={page} hasNext={users.data ? page * PAGE_SIZE < users.data.totalCount : false} label="Users" />
        </div>
      </Card>
      <Card title="Traits">
        <TraitBrowser site={site} params={siteView.params} />
      </Card>
    </div>
  );
}

export { UsersPage as Component };

// Pager: previous and next page links of a list, the page number kept in the URL (`page`).
import { Link, useSearchParams } from 'react-router';
import { FOCUS_RING } from '../button';

const LINK = `rounded-md border border-slate-300 px-3 py-2 text-sm font-medium dark:border-slate-600 ${FOCUS_RING}`;

/** The list's page from the URL (1 when absent or malformed). */
export function usePage(): number {
  const [search] = useSearchParams();
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

export function Pager({ page, hasNext, label }: { page: number; hasNext: boolean; label: string }) {
  const [search] = useSearchParams();
  const to = (target: number) => {
    const next = new URLSearchParams(search);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    return `?${next.toString()}`;
  };
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-2 pt-3">
      {page > 1 ? <Link to={to(page - 1)} className={LINK}>Previous page</Link> : <span />}
      <span className="text-sm text-slate-600 dark:text-slate-400">Page {page}</span>
      {hasNext ? <Link to={to(page + 1)} className={LINK}>Next page</Link> : <span />}
    </nav>
  );
}

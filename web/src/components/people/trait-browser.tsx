// TraitBrowser: the trait keys of the period's identified users with their user counts; a chosen key shows its values.
import { useSearchParams } from 'react-router';
import { useTraitKeys, useTraitValues } from '../../api/people-queries';
import type { ReportParams } from '../../api/report-query';
import { benchStateOfRows } from '../report-kit/bench-state';
import { FOCUS_RING } from '../button';
import { CsvDownloadButton } from '../csv-download-button';
import { csvFileName } from '../csv';
import { ErrorMessage } from '../error-message';

const KEY_COLUMNS = [{ header: 'trait', value: (row: { key: string }) => row.key }, { header: 'users', value: (row: { count: number }) => row.count }] as const;
const VALUE_COLUMNS = [{ header: 'value', value: (row: { value: string }) => row.value }, { header: 'users', value: (row: { count: number }) => row.count }] as const;

function CountTable({ label, rows }: { label: string; rows: ReadonlyArray<{ name: string; count: number; pressed?: boolean; onClick?: () => void }> }) {
  return (
    <table data-testid={`trait-table-${label}`} className="w-full text-sm">
      <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
        <tr><th scope="col" className="py-1 font-medium">{label}</th><th scope="col" className="py-1 text-right font-medium">Users</th></tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-t border-slate-100 dark:border-slate-800">
            <td className="max-w-0 py-1 pr-2">
              {row.onClick ? (
                <button type="button" aria-pressed={row.pressed} data-value={row.name} onClick={row.onClick} className={`w-full truncate rounded text-left hover:underline aria-pressed:font-semibold ${FOCUS_RING}`}>{row.name}</button>
              ) : <span data-value={row.name} className="block truncate">{row.name}</span>}
            </td>
            <td className="py-1 text-right tabular-nums" data-count={row.count}>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TraitBrowser({ site, params }: { site: string; params: ReportParams }) {
  const [search, setSearch] = useSearchParams();
  const chosen = search.get('trait') ?? undefined;
  const keys = useTraitKeys(site, params);
  const values = useTraitValues(site, params, chosen);
  const keyRows = keys.data?.data ?? [];
  const choose = (key: string) => setSearch((current) => {
    const next = new URLSearchParams(current);
    if (key === chosen) next.delete('trait');
    else next.set('trait', key);
    return next;
  });
  return (
    <div className="grid gap-4 md:grid-cols-2" data-bench-piece="user-traits" data-bench-state={benchStateOfRows(keys.isSuccess, keyRows.length)}>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <h3 className="text-sm font-semibold">Trait keys</h3>
          <CsvDownloadButton fileName={csvFileName('trait keys')} columns={KEY_COLUMNS} rows={keyRows} />
        </div>
        <ErrorMessage error={keys.error} />
        {keys.isSuccess && keyRows.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No identified user with traits in this period.</p> : null}
        {keyRows.length ? <CountTable label="Trait" rows={keyRows.map((row) => ({ name: row.key, count: row.count, pressed: row.key === chosen, onClick: () => choose(row.key) }))} /> : null}
      </div>
      {chosen === undefined ? null : (
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">Values of {chosen}</h3>
            <CsvDownloadButton fileName={csvFileName('trait', chosen, 'values')} columns={VALUE_COLUMNS} rows={values.data?.data ?? []} />
          </div>
          <ErrorMessage error={values.error} />
          {values.data ? <CountTable label="Value" rows={values.data.data.map((row) => ({ name: row.value, count: row.count }))} /> : <p className="text-sm">Loading…</p>}
        </div>
      )}
    </div>
  );
}

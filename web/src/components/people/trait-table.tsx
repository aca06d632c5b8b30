// TraitTable: one person's latest traits as key/value rows, with a CSV download.
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';
import { traitEntries } from './people-format';

const COLUMNS: ReadonlyArray<CsvColumn<[string, string]>> = [{ header: 'trait', value: ([key]) => key }, { header: 'value', value: ([, value]) => value }];

export function TraitTable({ traits, fileName }: { traits: unknown; fileName: string }) {
  const rows = traitEntries(traits);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={COLUMNS} rows={rows} /></div>
      {rows.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No traits: this person was never identified with traits.</p> : (
        <table data-testid="trait-table" className="w-full text-left text-sm">
          <thead className="text-xs text-slate-600 dark:text-slate-400"><tr><th scope="col" className="py-1 pr-3 font-medium">Trait</th><th scope="col" className="py-1 font-medium">Value</th></tr></thead>
          <tbody>
            {rows.map(([key, value]) => (
              <tr key={key} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-medium" data-trait-key={key}>{key}</th>
                <td className="break-all py-1" data-trait-value={value}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

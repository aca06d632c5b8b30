// CsvDownloadButton: downloads the rows a table shows as a CSV file (see csv.ts); disabled when there are none.
import { toCsv, type CsvColumn } from './csv';
import { FOCUS_RING } from './button';

export interface CsvDownloadButtonProps<Row> {
  readonly fileName: string;
  readonly columns: readonly CsvColumn<Row>[];
  readonly rows: readonly Row[];
  readonly label?: string;
  /** What the table holds, added to the button's accessible name where several tables share a page. */
  readonly table?: string;
}

export function CsvDownloadButton<Row>({ fileName, columns, rows, label = 'Download CSV', table }: CsvDownloadButtonProps<Row>) {
  const download = () => {
    // A byte-order mark lets spreadsheet programs read the file as UTF-8.
    const blob = new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <button
      type="button"
      onClick={download}
      disabled={rows.length === 0}
      aria-label={table === undefined ? undefined : `${label}: ${table}`}
      className={`rounded px-2 py-1 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 dark:text-indigo-300 ${FOCUS_RING}`}
    >
      {label}
    </button>
  );
}

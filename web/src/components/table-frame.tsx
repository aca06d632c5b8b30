// TableFrame: a titled table with its "Download CSV" button, in a region that scrolls sideways on narrow
// screens (focusable, so the keyboard can scroll it) instead of widening the page.
import type { ReactNode } from 'react';
import { CsvDownloadButton } from './csv-download-button';
import type { CsvColumn } from './csv';

export interface TableFrameProps<Row> {
  /** Names the region and the table's caption. */
  readonly title: string;
  readonly fileName: string;
  readonly columns: readonly CsvColumn<Row>[];
  readonly rows: readonly Row[];
  /** The <table> itself. */
  readonly children: ReactNode;
}

export function TableFrame<Row>({ title, fileName, columns, rows, children }: TableFrameProps<Row>) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-end">
        <CsvDownloadButton fileName={fileName} columns={columns} rows={rows} label={`Download CSV: ${title}`} />
      </div>
      <div tabIndex={0} role="region" aria-label={title} className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-500">
        {children}
      </div>
    </div>
  );
}

export const TH = 'px-2 py-1 text-left text-xs font-medium text-slate-600 dark:text-slate-400';
export const TD = 'border-t border-slate-100 px-2 py-2 align-top text-sm dark:border-slate-800';
/** Wide enough that columns stay readable; narrower screens scroll the region sideways. */
export const TABLE = 'w-full min-w-[40rem]';

// DataTable: a list of records drawn from column definitions that drive both the table and its CSV download. A
// column with `cell` is shown; a column with `csv` is written to the file (the API's field, as it came); most have
// both, a few only one (a link to a replay is not data; an end time the table leaves out is).
import type { ReactNode } from 'react';
import { CsvDownloadButton } from '../csv-download-button';
import type { CsvColumn } from '../csv';

type DataAttributes = Readonly<Record<`data-${string}`, string | number | undefined>>;
type CsvValue = ReturnType<CsvColumn<unknown>['value']>;

export interface TableColumn<Row> {
  /** The header cell; undefined: a CSV-only column. */
  readonly header?: string;
  readonly cell?: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
  /** Extra classes of the column's cells (truncation, wrapping). */
  readonly className?: string;
  /** Data attributes of the cell (the figure as the API sent it, for tests and scripts). */
  readonly data?: (row: Row) => DataAttributes;
  /** The column in the CSV: its header (the API's field name) and value; undefined: not written. */
  readonly csv?: CsvColumn<Row>;
}

/** A column shown and written under the API's field name, with the field's value as it came. */
export function fieldColumn<Row, K extends keyof Row & string>(field: K, header: string, cell?: (row: Row) => ReactNode, extra: Omit<TableColumn<Row>, 'header' | 'cell' | 'csv'> = {}): TableColumn<Row> {
  return { header, cell: cell ?? ((row) => String(row[field] ?? '')), csv: { header: field, value: (row) => row[field] as CsvValue }, ...extra };
}

/** Columns only written to the CSV, one per API field. */
export function csvOnlyColumns<Row>(...fields: ReadonlyArray<keyof Row & string>): TableColumn<Row>[] {
  return fields.map((field) => ({ csv: { header: field, value: (row: Row) => row[field] as CsvValue } }));
}

/** The CSV's columns of a table's column definitions, in order. */
export const csvColumnsOf = <Row,>(columns: readonly TableColumn<Row>[]): CsvColumn<Row>[] => columns.flatMap((column) => (column.csv ? [column.csv] : []));

export interface DataTableProps<Row> {
  readonly columns: readonly TableColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** Data attributes of each row. */
  readonly rowData?: (row: Row) => DataAttributes;
  /** Names the scrolling region (and the table's caption). */
  readonly label: string;
  readonly testId?: string;
  /** The CSV file's name; undefined: no download. */
  readonly fileName?: string;
  /** Shown instead of the table when there is no row. */
  readonly empty: ReactNode;
  /** Wide enough that columns stay readable; narrower screens scroll the region sideways. */
  readonly minWidth?: string;
}

const HEAD = 'py-1 pr-3 font-medium';
const CELL = 'py-1 pr-3';

export function DataTable<Row>({ columns, rows, rowKey, rowData, label, testId, fileName, empty, minWidth = 'min-w-[48rem]' }: DataTableProps<Row>) {
  const shown = columns.filter((column) => column.cell !== undefined);
  return (
    <div className="flex flex-col gap-2">
      {fileName === undefined ? null : <div className="flex justify-end"><CsvDownloadButton fileName={fileName} columns={csvColumnsOf(columns)} rows={rows} /></div>}
      {rows.length === 0 ? <div className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{empty}</div> : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
          <table data-testid={testId} className={`w-full ${minWidth} text-left text-sm`}>
            <caption className="sr-only">{label}</caption>
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr>
                {shown.map((column, index) => <th key={column.header ?? index} scope="col" className={`${HEAD} ${column.numeric ? 'text-right' : ''}`}>{column.header}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} {...rowData?.(row)} className="border-t border-slate-100 align-top dark:border-slate-800">
                  {shown.map((column, index) => (
                    <td key={column.header ?? index} {...column.data?.(row)} className={`${CELL} ${column.numeric ? 'text-right tabular-nums' : ''} ${column.className ?? ''}`}>{column.cell?.(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

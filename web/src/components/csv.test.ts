// CSV of a table's rows: quoting, formula guard, empty cells and file names.
import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv, type CsvColumn } from './csv';

interface Row { page: string; visitors: number; share: number | null }
const columns: CsvColumn<Row>[] = [
  { header: 'Page', value: (row) => row.page },
  { header: 'Visitors', value: (row) => row.visitors },
  { header: 'Share, %', value: (row) => row.share },
];

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and leaves plain cells bare', () => {
    const rows: Row[] = [
      { page: '/pricing', visitors: 12, share: 40.5 },
      { page: '/a,b', visitors: 3, share: null },
      { page: 'say "hi"\nthere', visitors: -2, share: 0 },
    ];
    expect(toCsv(columns, rows)).toBe('Page,Visitors,"Share, %"\r\n/pricing,12,40.5\r\n"/a,b",3,\r\n"say ""hi""\nthere",-2,0\r\n');
  });

  it('keeps a visitor-sent text from running as a spreadsheet formula', () => {
    const rows: Row[] = ['=HYPERLINK("x")', '+1', '-cmd', '@SUM(A1)', '\tx'].map((page) => ({ page, visitors: 1, share: 1 }));
    expect(toCsv(columns, rows).split('\r\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual([
      '"\'=HYPERLINK(""x"")"', "'+1", "'-cmd", "'@SUM(A1)", "'\tx",
    ]);
  });

  it('writes the header alone for no rows', () => {
    expect(toCsv(columns, [])).toBe('Page,Visitors,"Share, %"\r\n');
  });
});

describe('csvFileName', () => {
  it.each([
    [['Top pages', '2026-11-01 to 2026-11-30'], 'top-pages-2026-11-01-to-2026-11-30.csv'],
    [['Goals / conversions'], 'goals-conversions.csv'],
    [['***'], 'table.csv'],
  ])('%j gives %s', (parts, name) => {
    expect(csvFileName(...parts)).toBe(name);
  });
});

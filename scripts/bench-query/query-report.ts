// The benchmark's table: p50/p95 per endpoint and variant, the raw SQL's p50, their ratio, the target and whether it is met.

/** Endpoint p50 over raw p50 must stay under this. */
export const MAX_RATIO = 1.5;

export interface ReportRow {
  readonly endpoint: string;
  /** `none` or the filter, e.g. `country=US`. */
  readonly filter: string;
  readonly p50Ms: number | undefined;
  readonly p95Ms: number | undefined;
  readonly rawP50Ms: number | undefined;
  readonly targetMs: number;
  /** Raw answer equals the endpoint's (undefined: not checked). */
  readonly sameAnswer: boolean | undefined;
  /** CPU time per run: the server's for the endpoint, the store's for the raw SQL (all threads), in ms. */
  readonly cpuMsHttp: number | undefined;
  readonly cpuMsRaw: number | undefined;
  /** Other processes' CPU (% of one core) while the endpoint, then the raw SQL, was timed. */
  readonly otherCpuHttp: number | undefined;
  readonly otherCpuRaw: number | undefined;
  readonly error?: string;
}

export function ratioOf(row: ReportRow): number | undefined {
  if (row.p50Ms === undefined || row.rawP50Ms === undefined || row.rawP50Ms <= 0) return undefined;
  return row.p50Ms / row.rawP50Ms;
}

/** `yes`, or `NO` with what is missed; `error` when the endpoint did not answer 200. */
export function verdictOf(row: ReportRow): string {
  if (row.error !== undefined || row.p50Ms === undefined) return 'error';
  const ratio = ratioOf(row);
  const missed = [
    ...(row.p50Ms >= row.targetMs ? ['p50'] : []),
    ...(ratio === undefined ? ['no raw'] : ratio >= MAX_RATIO ? ['ratio'] : []),
  ];
  return missed.length === 0 ? 'yes' : `NO (${missed.join(', ')})`;
}

const COLUMNS = [
  'endpoint', 'filter', 'p50 ms', 'p95 ms', 'raw p50 ms', 'ratio', 'target', 'met?', 'same answer',
  'CPU ms http/raw', 'CPU ratio', 'other CPU % http/raw',
] as const;
const LEFT_ALIGNED = new Set([0, 1, 6, 7, 8]);

const percent = (value: number | undefined): string => (value === undefined ? '-' : value.toFixed(0));

const ms = (value: number | undefined): string => (value === undefined ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));

export function tableRow(row: ReportRow): string[] {
  const ratio = ratioOf(row);
  const same = row.sameAnswer === undefined ? '' : row.sameAnswer ? '✓' : '✗';
  return [
    row.endpoint, row.filter, ms(row.p50Ms), ms(row.p95Ms), ms(row.rawP50Ms), ratio === undefined ? '-' : ratio.toFixed(2),
    `< ${row.targetMs} ms`, verdictOf(row), same, `${ms(row.cpuMsHttp)}/${ms(row.cpuMsRaw)}`,
    row.cpuMsHttp === undefined || row.cpuMsRaw === undefined || row.cpuMsRaw <= 0 ? '-' : (row.cpuMsHttp / row.cpuMsRaw).toFixed(2),
    `${percent(row.otherCpuHttp)}/${percent(row.otherCpuRaw)}`,
  ];
}

/** A plain-text table: header, rule, one line per row; numbers right-aligned. */
export function renderQueryTable(rows: readonly ReportRow[]): string {
  const cells = [[...COLUMNS], ...rows.map(tableRow)];
  const widths = COLUMNS.map((_, column) => Math.max(...cells.map((line) => (line[column] ?? '').length)));
  const line = (values: readonly string[]): string =>
    values
      .map((cell, column) => (LEFT_ALIGNED.has(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(cells[0] ?? []), rule, ...cells.slice(1).map(line)].join('\n');
}

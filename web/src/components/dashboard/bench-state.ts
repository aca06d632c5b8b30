// The data-bench-state of a page's data area: loading until the API answered, then ready or empty (no rows).
export type BenchState = 'loading' | 'ready' | 'empty';

export function benchState(answered: boolean, empty: boolean): BenchState {
  if (!answered) return 'loading';
  return empty ? 'empty' : 'ready';
}

/** The same, from the number of rows the answer holds. */
export function benchStateOfRows(answered: boolean, rows: number): BenchState {
  return benchState(answered, rows === 0);
}

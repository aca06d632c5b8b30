// The data-bench-state of a page's data area: loading until the API answered, then ready, or empty when it sent no rows.
export type BenchState = 'loading' | 'ready' | 'empty';

export function benchState(answered: boolean, rows: number): BenchState {
  if (!answered) return 'loading';
  return rows === 0 ? 'empty' : 'ready';
}

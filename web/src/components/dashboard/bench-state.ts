// The data-bench-state of a page's data area: loading until the API answered, then ready or empty (no rows).
export type BenchState = 'loading' | 'ready' | 'empty';

export function benchState(answered: boolean, empty: boolean): BenchState {
  if (!answered) return 'loading';
  return empty ? 'empty' : 'ready';
}

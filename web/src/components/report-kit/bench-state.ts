// The data-bench-state of a page's data area: loading until the API answered, then ready or empty (no rows).
//
// Why product UI carries benchmark markers: `npm run bench:dashboard-render` (scripts/bench-dashboard/) times a
// page's first full render in Chromium, and needs to know from outside when each data area holds its answer
// without knowing the page's markup. Every page marks its data areas with `data-bench-piece="name"` and this
// state; the browser tests wait on the same attributes instead of on text. The attributes cost nothing at run time
// and change nothing a reader sees.
export type BenchState = 'loading' | 'ready' | 'empty';

export function benchState(answered: boolean, empty: boolean): BenchState {
  if (!answered) return 'loading';
  return empty ? 'empty' : 'ready';
}

/** The same, from the number of rows the answer holds. */
export function benchStateOfRows(answered: boolean, rows: number): BenchState {
  return benchState(answered, rows === 0);
}

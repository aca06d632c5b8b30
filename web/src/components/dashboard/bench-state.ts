// The render benchmark's mark of a data area: loading until the API answered, then ready (rows) or empty (none).

export function benchState(loaded: boolean, rows: number): 'loading' | 'ready' | 'empty' {
  if (!loaded) return 'loading';
  return rows > 0 ? 'ready' : 'empty';
}

// Column types that differ between SQLite and PostgreSQL, so one migration serves both.
export function columnTypes(dialect: 'sqlite' | 'postgres') {
  return {
    ts: dialect === 'postgres' ? ('timestamptz' as const) : ('date' as const),
    bool: dialect === 'postgres' ? ('boolean' as const) : ('integer' as const),
    serialKey: dialect === 'postgres' ? ('serial' as const) : ('integer' as const),
  };
}

// Which analytics store the tests run against: embedded chDB by default, a ClickHouse server's HTTP interface
// (the test stand-in, test/helpers/clickhouse-stand-in.ts) with LOUPE_TEST_STORE=clickhouse.

export function standInRequested(): boolean {
  const chosen = process.env.LOUPE_TEST_STORE ?? 'chdb';
  if (chosen !== 'chdb' && chosen !== 'clickhouse') throw new Error(`LOUPE_TEST_STORE must be chdb or clickhouse, not ${chosen}`);
  return chosen === 'clickhouse';
}

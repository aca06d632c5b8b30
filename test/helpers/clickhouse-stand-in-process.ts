// The ClickHouse HTTP stand-in as a process of its own, for tests that run several Loupe servers against one
// endpoint: `node --import tsx test/helpers/clickhouse-stand-in-process.ts <data dir>` prints
// `CLICKHOUSE_URL=http://127.0.0.1:<port>` once it listens, and closes its engine on SIGTERM or SIGINT.
import { startClickHouseStandIn } from './clickhouse-stand-in.js';

const dataDir = process.argv[2];
if (dataDir === undefined || dataDir === '') {
  process.stderr.write('usage: clickhouse-stand-in-process.ts <data dir>\n');
  process.exit(2);
}
const standIn = await startClickHouseStandIn(dataDir);
process.stdout.write(`CLICKHOUSE_URL=${standIn.url}\n`);

let closing = false;
const stop = (): void => {
  if (closing) return;
  closing = true;
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// `backup --out <file.tar.gz>` and `restore --from <file.tar.gz>`: the embedded instance of DATA_DIR as one
// archive, and back into an empty DATA_DIR. Both need the server stopped.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../config.js';
import { backupInstance, restoreInstance } from '../backup/index.js';
import { preparePrivateDataDir } from '../platform/private-data-dir.js';
import { CliUsageError } from './plan-command.js';

export const BACKUP_USAGE = `  loupe backup --out <file.tar.gz>
  loupe restore --from <file.tar.gz>

  backup writes DATA_DIR's instance (analytics store, metadata store, instance secret, event spool) to one
  archive, readable by the current user only (it holds the instance secret); restore recreates it in an empty
  DATA_DIR. Stop the server first: the embedded analytics store admits one process at a time. With
  DATABASE_URL or CLICKHOUSE_URL set, back those servers up with their own tools.`;

export async function backupCommand(args: readonly string[], config: AppConfig): Promise<Record<string, unknown>> {
  const { values } = parseArgs({ args: [...args], options: { out: { type: 'string' } }, strict: true });
  if (!values.out) throw new CliUsageError('backup needs --out <file.tar.gz>');
  preparePrivateDataDir(config.dataDir);
  const archive = resolve(values.out);
  const manifest = await backupInstance(config, archive);
  return { archive, dataDir: config.dataDir, ...manifest };
}

export async function restoreCommand(args: readonly string[], config: AppConfig): Promise<Record<string, unknown>> {
  const { values } = parseArgs({ args: [...args], options: { from: { type: 'string' } }, strict: true });
  if (!values.from) throw new CliUsageError('restore needs --from <file.tar.gz>');
  preparePrivateDataDir(config.dataDir);
  const manifest = await restoreInstance(config, resolve(values.from));
  return { restoredFrom: resolve(values.from), dataDir: config.dataDir, ...manifest };
}

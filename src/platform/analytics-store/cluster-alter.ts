// Rewrites a migration's ALTER TABLE for a cluster: structure changes reach the local and Distributed tables,
// data changes (mutations) the local tables only, all ON CLUSTER.
import { ClusterDdlError } from './cluster-ddl-error.js';
import { localTableName } from './cluster-naming.js';
import { splitTopLevelCommas, topLevelKeywordOffset } from './top-level-sql.js';

/** Commands that change the columns: a Distributed table must know them too. */
const STRUCTURE_COMMANDS = ['ADD COLUMN', 'MODIFY COLUMN', 'DROP COLUMN', 'RENAME COLUMN', 'COMMENT COLUMN'];
/** Commands that a Distributed table has no use for (it holds no data, indexes, projections, parts or merge settings). */
const DATA_COMMANDS = [
  'UPDATE',
  'DELETE WHERE',
  'MATERIALIZE COLUMN',
  'MATERIALIZE INDEX',
  'ADD INDEX',
  'DROP INDEX',
  'ADD PROJECTION',
  'MATERIALIZE PROJECTION',
  'DROP PROJECTION',
  'MODIFY SETTING',
  'APPLY DELETED MASK',
];
/** After these the Distributed table changes first, so it never names a column the shards no longer have. */
const REMOVING_COMMANDS = ['DROP COLUMN', 'RENAME COLUMN'];

const ALTER_HEAD = /^ALTER TABLE (\w+)\s+/;

function startsWithAny(command: string, prefixes: readonly string[]): boolean {
  const normalized = command.replace(/\s+/g, ' ');
  return prefixes.some((prefix) => normalized === prefix || normalized.startsWith(`${prefix} `));
}

/**
 * Settings of a mutation on the local tables: `mutations_sync = 1` waits for the replica that runs it,
 * `2` for every replica, which is what a migration waiting for its rewrite means on a cluster.
 */
function localSettings(settings: string): string {
  return settings.replace(/\bmutations_sync\s*=\s*1\b/, 'mutations_sync = 2');
}

export function clusterAlter(statement: string, cluster: string): string[] {
  const head = ALTER_HEAD.exec(statement);
  if (!head?.[1]) throw new ClusterDdlError('not an ALTER TABLE of one named table', statement);
  const table = head[1];
  const body = statement.slice(head[0].length);
  const settingsAt = topLevelKeywordOffset(body, 'SETTINGS');
  const commandsText = (settingsAt === -1 ? body : body.slice(0, settingsAt)).trimEnd();
  const settings = settingsAt === -1 ? '' : body.slice(settingsAt);
  const commands = splitTopLevelCommas(commandsText);
  const structure = commands.filter((command) => startsWithAny(command, STRUCTURE_COMMANDS));
  const data = commands.filter((command) => startsWithAny(command, DATA_COMMANDS));
  if (structure.length + data.length !== commands.length) throw new ClusterDdlError('an ALTER command it does not know', statement);
  if (structure.length > 0 && data.length > 0) throw new ClusterDdlError('column and data changes in one ALTER', statement);

  const separator = head[0].slice(`ALTER TABLE ${table}`.length);
  const beforeSettings = settingsAt === -1 ? '' : body.slice(commandsText.length, settingsAt);
  const local = `ALTER TABLE ${localTableName(table)} ON CLUSTER ${cluster}${separator}${commandsText}${beforeSettings}${localSettings(settings)}`;
  if (data.length > 0) return [local];
  const distributed = `ALTER TABLE ${table} ON CLUSTER ${cluster}${separator}${commandsText}`;
  const removes = structure.some((command) => startsWithAny(command, REMOVING_COMMANDS));
  return removes ? [distributed, local] : [local, distributed];
}

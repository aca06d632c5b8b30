// One recording: its metadata and its rrweb events (GET), or its removal (DELETE). The events are stored as
// the JSON text of each batch's array, so the answer is spliced from those texts, never parsed into objects.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { NotFoundError } from '../../platform/http/app-errors.js';
import { latestTraits } from '../users/user-fields.query.js';
import { parseSessionId } from '../sessions/session-detail.query.js';
import { pathOf } from './replay-list.query.js';
import { batchTotalsSql, REPLAY_METADATA_AGGREGATES_SQL, REPLAY_METADATA_COLUMNS_SQL, sessionSourcesOf, type ReplayMetadataRow } from './replay-metadata.query.js';

const NOT_FOUND = 'Session replay not found';

function sessionIdOf(text: string): string {
  const id = parseSessionId(text);
  if (id === undefined) throw new NotFoundError(NOT_FOUND);
  return id.toString();
}

async function metadataOf(store: AnalyticsStore, siteId: number, sessionId: string): Promise<ReplayMetadataRow | undefined> {
  const rows = await store.query<ReplayMetadataRow>(
    `SELECT ${REPLAY_METADATA_COLUMNS_SQL}
     FROM (
       ${REPLAY_METADATA_AGGREGATES_SQL}
       FROM session_replay_metadata
       WHERE site_id = {siteId:UInt32} AND session_id = {sessionId:UInt64}
       GROUP BY session_id
     ) AS m
     INNER JOIN (${batchTotalsSql('AND session_id = {sessionId:UInt64}')}) AS b ON m.sid = b.bid`,
    { siteId, sessionId },
  );
  return rows[0];
}

/** The inside of a JSON array's text ('[a,b]' -> 'a,b'). */
function arrayItems(text: string): string {
  return text.length > 2 ? text.slice(1, -1) : '';
}

/** Each batch once, in recording order (first event, then the recorder's counter), as its events' JSON text. */
async function eventsTextOf(store: AnalyticsStore, siteId: number, sessionId: string): Promise<string> {
  const bytes = await store.queryJsonLines(
    `SELECT any(events) AS e FROM session_replay_batches
     WHERE site_id = {siteId:UInt32} AND session_id = {sessionId:UInt64}
     GROUP BY batch_id
     ORDER BY min(first_at), min(sequence), batch_id`,
    { siteId, sessionId },
  );
  const parts: string[] = [];
  for (const line of bytes.toString('utf8').split('\n')) {
    if (line === '') continue;
    const items = arrayItems((JSON.parse(line) as { e: string }).e);
    if (items !== '') parts.push(items);
  }
  return `[${parts.join(',')}]`;
}

/**
 * Rybbit's answer, `{events, metadata}`, as JSON text: metadata as the list's fields plus user agent,
 * language, coordinates, hostname, referrer, stored size, entry page, channel and the identified user's traits.
 */
export async function recordingJson(store: AnalyticsStore, siteId: number, sessionIdText: string): Promise<string> {
  const sessionId = sessionIdOf(sessionIdText);
  const metadata = await metadataOf(store, siteId, sessionId);
  if (!metadata) throw new NotFoundError(NOT_FOUND);
  const source = (await sessionSourcesOf(store, siteId, [sessionId])).get(sessionId);
  const traits = (await latestTraits(store, siteId, [metadata.identified_user_id])).get(metadata.identified_user_id) ?? null;
  const full = {
    ...metadata,
    entry_page: source?.entry_page || pathOf(metadata.page_url),
    channel: source?.channel ?? '',
    traits,
    has_replay_data: true,
    created_at: metadata.start_time,
  };
  return `{"events":${await eventsTextOf(store, siteId, sessionId)},"metadata":${JSON.stringify(full)}}`;
}

/** Removes the recording's batches and metadata; 404 when there is none. */
export async function deleteRecording(store: AnalyticsStore, siteId: number, sessionIdText: string): Promise<void> {
  const sessionId = sessionIdOf(sessionIdText);
  const found = await store.query<{ n: string }>(
    'SELECT count() AS n FROM session_replay_metadata WHERE site_id = {siteId:UInt32} AND session_id = {sessionId:UInt64}',
    { siteId, sessionId },
  );
  if (Number(found[0]?.n ?? 0) === 0) throw new NotFoundError(NOT_FOUND);
  await deleteRecordings(store, 'site_id = {siteId:UInt32} AND session_id = {sessionId:UInt64}', { siteId, sessionId });
}

/** Deletes replay rows matching `where` (bound names from `params`) from both tables. */
export async function deleteRecordings(store: AnalyticsStore, where: string, params: Readonly<Record<string, unknown>>): Promise<void> {
  await store.command(`DELETE FROM session_replay_batches WHERE ${where}`, params);
  await store.command(`DELETE FROM session_replay_metadata WHERE ${where}`, params);
}

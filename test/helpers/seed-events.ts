// Seeds hand-built rows straight into the analytics store, for report tests with exact expected values.
import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.js';

export interface SeedRow {
  /** ISO 8601 instant. */
  readonly at: string;
  readonly session_id?: number | string;
  readonly [column: string]: unknown;
}

function clickhouseTime(iso: string): string {
  return new Date(iso).toISOString().slice(0, 23).replace('T', ' ');
}

/** The earliest instant (ms) of each session among the rows, as the session store would have opened it. */
function sessionStarts(rows: readonly SeedRow[]): Map<string, number> {
  const starts = new Map<string, number>();
  for (const row of rows) {
    const session = String(row.session_id ?? '1');
    const at = Date.parse(row.at);
    starts.set(session, Math.min(at, starts.get(session) ?? at));
  }
  return starts;
}

/**
 * Inserts events rows; unspecified columns take their defaults (type pageview, session 1). Every row of a
 * session gets the session's first instant among these rows as its `session_start`, as ingestion does, so
 * seed each session in one call (or pass `session_start` yourself).
 */
export async function seedEvents(t: TestApp, siteId: number, rows: readonly SeedRow[]): Promise<void> {
  const starts = sessionStarts(rows);
  await t.services.analytics.insert(
    'events',
    rows.map(({ at, ...columns }) => {
      const session = String(columns.session_id ?? '1');
      return {
        site_id: siteId,
        user_id: 'visitor1',
        type: 'pageview',
        event_id: randomUUID(),
        session_start: clickhouseTime(new Date(starts.get(session) ?? Date.parse(at)).toISOString()),
        ...columns,
        session_id: session,
        timestamp: clickhouseTime(at),
      };
    }),
  );
}

export async function seedBotEvents(t: TestApp, siteId: number, rows: readonly SeedRow[]): Promise<void> {
  await t.services.analytics.insert(
    'bot_events',
    rows.map(({ at, ...columns }) => ({ site_id: siteId, type: 'pageview', event_id: randomUUID(), ...columns, timestamp: clickhouseTime(at) })),
  );
}

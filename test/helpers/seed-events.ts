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

/** Inserts events rows; unspecified columns take their defaults (type pageview, session 1). */
export async function seedEvents(t: TestApp, siteId: number, rows: readonly SeedRow[]): Promise<void> {
  await t.services.analytics.insert(
    'events',
    rows.map(({ at, ...columns }) => ({
      site_id: siteId,
      session_id: '1',
      user_id: 'visitor1',
      type: 'pageview',
      event_id: randomUUID(),
      ...columns,
      ...(columns.session_id === undefined ? {} : { session_id: String(columns.session_id) }),
      timestamp: clickhouseTime(at),
    })),
  );
}

export async function seedBotEvents(t: TestApp, siteId: number, rows: readonly SeedRow[]): Promise<void> {
  await t.services.analytics.insert(
    'bot_events',
    rows.map(({ at, ...columns }) => ({ site_id: siteId, type: 'pageview', event_id: randomUUID(), ...columns, timestamp: clickhouseTime(at) })),
  );
}

// One acknowledged replay batch as the replay spool keeps it: who sent it (visitor, client address, user
// agent), the site's replay retention, and the batch's events. Turned into rows when its segment is enriched.
import type { BotHeaders } from '../intake-record.js';
import type { RrwebEvent } from './replay-batch.schema.js';

export interface ReplayRecord {
  readonly site_id: number;
  /** Milliseconds since the epoch at acknowledgement: the session clock of the batch. */
  readonly at: number;
  /** The anonymous visitor id, decided as for tracking calls (so the batch joins the visitor's session). */
  readonly user_id: string;
  /** The user the page identified (the batch's userId), '' when anonymous. */
  readonly identified_user_id: string;
  readonly detect_bots: boolean;
  readonly ip: string;
  readonly user_agent: string;
  readonly headers: BotHeaders;
  readonly retention_days: number;
  /** Names the batch: the recorder's page-load id and counter, or a fresh id when it sent none. */
  readonly batch_id: string;
  readonly sequence: number;
  readonly page_url: string;
  readonly referrer: string;
  readonly language: string;
  readonly screen_width: number;
  readonly screen_height: number;
  readonly events: readonly RrwebEvent[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const STRINGS = ['user_id', 'identified_user_id', 'ip', 'user_agent', 'batch_id', 'page_url', 'referrer', 'language'] as const;
const NUMBERS = ['site_id', 'at', 'retention_days', 'sequence', 'screen_width', 'screen_height'] as const;

/** A spooled line back as a record, or null for a damaged line (skipped rather than blocking the segment). */
export function parseReplayLine(line: string): ReplayRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.headers) || !Array.isArray(value.events) || typeof value.detect_bots !== 'boolean') return null;
  for (const key of STRINGS) if (typeof value[key] !== 'string') return null;
  for (const key of NUMBERS) if (typeof value[key] !== 'number') return null;
  return value as unknown as ReplayRecord;
}

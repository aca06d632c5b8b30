// The opaque cursor of the events list: the position (timestamp, event id) of the last event returned.
import { BadRequestError } from '../../platform/http/app-errors.js';

export interface EventPosition {
  /** ClickHouse DateTime64(3) text in UTC, `YYYY-MM-DD HH:MM:SS.mmm`. */
  readonly at: string;
  readonly eventId: string;
}

const POSITION = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3})\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(position: EventPosition): string {
  return Buffer.from(`${position.at}|${position.eventId}`, 'utf8').toString('base64url');
}

/** The position a cursor names; 400 `Invalid cursor` for anything this service did not hand out. */
export function decodeCursor(cursor: string): EventPosition {
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = match?.[1];
  const eventId = match?.[2];
  if (at === undefined || eventId === undefined || !isRealInstant(at)) throw new BadRequestError('Invalid cursor');
  return { at, eventId };
}

/** True when the text names a real instant (no 25th hour or 31st of February). */
function isRealInstant(at: string): boolean {
  const iso = `${at.replace(' ', 'T')}Z`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && new Date(ms).toISOString() === iso;
}

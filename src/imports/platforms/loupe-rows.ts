// Loupe's own raw events, one stored `events` row each, as the raw export writes them (docs/imports.md).
import { z } from 'zod';
import { EVENT_TYPES } from '../../ingestion/index.js';
import { ENGAGED_MS_MAX } from '../../ingestion/index.js';
import { amountText, isCurrencyCode } from '../../revenue/revenue-input.js';
import { derivedUInt64 } from '../derived-ids.js';
import { storeTime } from '../import-time.js';
import { invalid, type MappedRow, type MappingContext } from '../mapped-row.js';
import { countryCode, NOT_AN_OBJECT, requiredText, rowProblems, screenSide, text, timestamp } from '../import-row.schema.js';

const UINT64_MAX = 18_446_744_073_709_551_615n;

const sessionId = z
  .union([z.string().regex(/^\d{1,20}$/, 'Expected an unsigned 64-bit integer'), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => String(value))
  .refine((value) => BigInt(value) <= UINT64_MAX, 'Expected an unsigned 64-bit integer');

const stringMap = z.record(z.string().max(256), z.string().max(2048), { message: 'Expected an object of strings' }).default({});
const vital = z.number().finite().nonnegative().nullable().default(null);
const coordinate = (limit: number) => z.number().min(-limit).max(limit).default(0);

export const LoupeRowSchema = z.object({
  timestamp,
  event_id: z.uuid({ message: 'Expected a UUID' }),
  session_id: sessionId,
  session_start: timestamp.optional(),
  user_id: requiredText(255),
  identified_user_id: text(255),
  type: z.enum(EVENT_TYPES, { message: `Expected one of ${EVENT_TYPES.join(', ')}` }),
  event_name: text(256),
  props: text(32_768),
  hostname: text(253),
  pathname: text(2048),
  querystring: text(2048),
  url_parameters: stringMap,
  page_title: text(512),
  referrer: text(2048),
  channel: text(64),
  utm_source: text(255),
  utm_medium: text(255),
  utm_campaign: text(255),
  utm_term: text(255),
  utm_content: text(255),
  browser: text(64),
  browser_version: text(64),
  operating_system: text(64),
  operating_system_version: text(64),
  device_type: text(32),
  language: text(35),
  country: countryCode,
  region: text(64),
  city: text(128),
  lat: coordinate(90),
  lon: coordinate(180),
  timezone: text(64),
  screen_width: screenSide,
  screen_height: screenSide,
  lcp: vital,
  cls: vital,
  inp: vital,
  fcp: vital,
  ttfb: vital,
  ip: text(64),
  tag: text(255),
  feature_flags: stringMap,
  attributes_changed: z.union([z.literal(0), z.literal(1)]).default(0),
  revenue_amount: z
    .union([z.number(), z.string()])
    .refine((value) => amountText(value) !== undefined, 'Expected a decimal amount with at most 4 places')
    .transform((value) => amountText(value) ?? '0')
    .default('0'),
  revenue_currency: z.union([z.literal(''), z.string().refine(isCurrencyCode, 'Expected an ISO 4217 currency code').transform((code) => code.toUpperCase())]).default(''),
  engaged_ms: z.number().int().min(0).max(ENGAGED_MS_MAX).default(0),
  scroll_depth: z.number().int().min(0).max(100).default(0),
});

/**
 * Lines of other tables in the export are skipped: bot events (imports hold human traffic only) and session
 * recordings (an import gives its sessions new ids; recordings come back with a backup's restore instead).
 */
const TABLES = ['events', 'bot_events', 'session_replay_metadata', 'session_replay_batches'] as const;
const TableSchema = z.object({ table: z.enum(TABLES, { message: `Expected one of ${TABLES.map((name) => `'${name}'`).join(', ')}` }).optional() });

/**
 * The stored row of a Loupe raw event, into this site and import. It keeps its event id (so the same
 * export imported again is recognised) and its session start; its session id is derived from the
 * import's, so an imported session holds this import's events only.
 */
export function loupeRow(raw: unknown, context: MappingContext): MappedRow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid(NOT_AN_OBJECT);
  const table = TableSchema.safeParse(raw);
  if (!table.success) return invalid(rowProblems(table.error.issues));
  if (table.data.table === 'bot_events') return { kind: 'skip', reason: 'bot_event' };
  if (table.data.table === 'session_replay_metadata' || table.data.table === 'session_replay_batches') return { kind: 'skip', reason: 'session_replay' };
  const parsed = LoupeRowSchema.safeParse(raw);
  if (!parsed.success) return invalid(rowProblems(parsed.error.issues));
  const { timestamp: at, session_start, session_id, ...columns } = parsed.data;
  return {
    kind: 'event',
    eventId: columns.event_id,
    at,
    row: {
      ...columns,
      site_id: context.siteId,
      timestamp: storeTime(at),
      session_id: derivedUInt64([context.importId, session_id]),
      session_start: storeTime(session_start ?? 0),
      import_id: context.importId,
    },
  };
}

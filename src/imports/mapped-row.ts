// What one row of a batch becomes: a stored event, a stored daily aggregate, a row skipped for a reason,
// or the problems that make the whole batch a 400.
import type { AnalyticsRow } from '../platform/analytics-store/analytics-store.js';

/** Why a valid row is not stored; each import counts its skipped rows per reason. */
export const SKIP_REASONS = ['already_imported', 'future_timestamp', 'bot_event', 'session_replay', 'unsupported_event_type', 'automatic_event'] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];

export interface RowProblem {
  /** The row's field at fault ('' for the row as a whole). */
  readonly field: string;
  readonly message: string;
}

export type MappedRow =
  | { readonly kind: 'event'; readonly row: AnalyticsRow; readonly eventId: string; readonly at: number }
  | { readonly kind: 'aggregate'; readonly row: AnalyticsRow; readonly key: string; readonly at: number }
  | { readonly kind: 'skip'; readonly reason: SkipReason }
  | { readonly kind: 'invalid'; readonly problems: readonly RowProblem[] };

/** What a platform's mapper knows about the batch's import. */
export interface MappingContext {
  readonly siteId: number;
  readonly importId: string;
}

export type RowMapper = (raw: unknown, context: MappingContext) => MappedRow;

export function invalid(problems: readonly RowProblem[]): MappedRow {
  return { kind: 'invalid', problems };
}

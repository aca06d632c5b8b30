// A batch's rows mapped to what the store takes, without touching a store: the rows to insert as JSONEachRow
// lines with their ids, the skipped rows per reason, or the problems that refuse the batch. It runs on the
// import mapping thread (mapping/), or inline for the command line's direct import.
import { compactJsonLine, wellFormedRow } from '../platform/analytics-store/row-lines.js';
import type { IndexedProblem } from './batch-problems.js';
import type { ImportPlatform } from './import-platforms.js';
import type { SkipCounts } from './import.repository.js';
import type { MappingContext, SkipReason } from './mapped-row.js';
import { ROW_MAPPERS } from './row-mappers.js';

/** JSONEachRow lines in one buffer (each ending in a newline): line i ends at `ends[i]`. Moves between threads without a copy. */
export interface PackedLines {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
}

export interface MappedBatch {
  /** Rows that are not valid: when any, the batch is refused whole. */
  readonly badRows: number;
  readonly problems: readonly IndexedProblem[];
  readonly skipped: SkipCounts;
  /** Events to store, in batch order: their ids, epoch-ms times and lines. */
  readonly events: { readonly ids: readonly string[]; readonly ats: readonly number[]; readonly lines: PackedLines };
  /** Daily aggregates to store: their keys and lines. */
  readonly aggregates: { readonly keys: readonly string[]; readonly lines: PackedLines };
}

function pack(lines: readonly string[]): PackedLines {
  const parts = lines.map((line) => Buffer.from(`${line}\n`));
  const ends = new Uint32Array(parts.length);
  let end = 0;
  parts.forEach((part, index) => {
    end += part.length;
    ends[index] = end;
  });
  return { bytes: Buffer.concat(parts, end), ends };
}

/** The lines at `indexes` (ascending), as one JSONEachRow payload. */
export function linesAt(packed: PackedLines, indexes: readonly number[]): Buffer {
  const bytes = Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength);
  return Buffer.concat(indexes.map((index) => bytes.subarray(index === 0 ? 0 : (packed.ends[index - 1] ?? 0), packed.ends[index] ?? 0)));
}

export function countSkip(skipped: SkipCounts, reason: SkipReason, n = 1): void {
  if (n > 0) skipped[reason] = (skipped[reason] ?? 0) + n;
}

export function mapBatch(platform: ImportPlatform, context: MappingContext, rows: readonly unknown[], now: number): MappedBatch {
  const mapper = ROW_MAPPERS[platform];
  const skipped: SkipCounts = {};
  const problems: IndexedProblem[] = [];
  let badRows = 0;
  const events = { ids: [] as string[], ats: [] as number[], lines: [] as string[] };
  const aggregates = { keys: [] as string[], lines: [] as string[] };
  rows.forEach((raw, index) => {
    const mapped = mapper(raw, context);
    if (mapped.kind === 'invalid') {
      badRows++;
      for (const problem of mapped.problems) problems.push({ index, ...problem });
    } else if (mapped.kind === 'skip') countSkip(skipped, mapped.reason);
    else if (mapped.at > now) countSkip(skipped, 'future_timestamp');
    else if (badRows > 0) return; // the batch is refused: only its problems matter now
    // A JSON row may hold a lone UTF-16 surrogate, which the store refuses (and with it the batch): U+FFFD instead.
    else if (mapped.kind === 'event') {
      events.ids.push(mapped.eventId);
      events.ats.push(mapped.at);
      events.lines.push(compactJsonLine(wellFormedRow(mapped.row)));
    } else {
      aggregates.keys.push(mapped.key);
      aggregates.lines.push(compactJsonLine(wellFormedRow(mapped.row)));
    }
  });
  return {
    badRows, problems, skipped,
    events: { ids: events.ids, ats: events.ats, lines: pack(events.lines) },
    aggregates: { keys: aggregates.keys, lines: pack(aggregates.lines) },
  };
}

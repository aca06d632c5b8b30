// Segment files of the write-ahead log: names, dedup tokens, listing, torn-tail recovery and directory fsync.
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export const SEGMENT_EXTENSION = '.ndjson';

/**
 * A name that sorts in creation order and is never reused, even after every segment was deleted and the
 * process restarted: the dedup token derives from it, and a reused token would make the store silently
 * discard a new batch as a duplicate of an old one.
 */
export function newSegmentName(nowMs: number, sequence: number): string {
  const time = String(nowMs).padStart(15, '0');
  const seq = String(sequence).padStart(9, '0');
  return `${time}-${seq}-${randomBytes(6).toString('hex')}${SEGMENT_EXTENSION}`;
}

/** The insert deduplication token of a segment: stable across restarts, unique per table and segment. */
export function segmentToken(table: string, name: string): string {
  return `${table}:${name.slice(0, name.length - SEGMENT_EXTENSION.length)}`;
}

export async function listSegments(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => name.endsWith(SEGMENT_EXTENSION)).sort();
}

export interface ValidPrefix {
  /** Complete rows at the start of the data. */
  readonly rows: number;
  /** Bytes they occupy, newline included; everything after is a torn or garbled tail. */
  readonly bytes: number;
}

function isJsonObjectLine(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The longest run of complete JSON-object lines from the start. A line without its newline, or one that
 * does not parse (zeros left by a power cut), ends the run: nothing acknowledged can follow it, because a
 * later acknowledgement would have made the whole file durable first.
 */
export function validPrefix(data: Buffer): ValidPrefix {
  let rows = 0;
  let start = 0;
  for (;;) {
    const end = data.indexOf(0x0a, start);
    if (end < 0 || !isJsonObjectLine(data.toString('utf8', start, end))) return { rows, bytes: start };
    rows += 1;
    start = end + 1;
  }
}

export interface RecoveredSegment {
  readonly name: string;
  readonly rows: number;
  readonly bytes: number;
  /** Bytes cut from the tail: a write that was never acknowledged. */
  readonly droppedBytes: number;
}

/** Cuts a segment back to its valid prefix (durably) so every later read of it sees the same rows. */
export async function recoverSegment(dir: string, name: string): Promise<RecoveredSegment> {
  const path = join(dir, name);
  const data = await readFile(path);
  const prefix = validPrefix(data);
  const droppedBytes = data.length - prefix.bytes;
  if (prefix.rows === 0) {
    await unlink(path);
  } else if (droppedBytes > 0) {
    const handle = await open(path, 'r+');
    try {
      await handle.truncate(prefix.bytes);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }
  return { name, rows: prefix.rows, bytes: prefix.bytes, droppedBytes };
}

/** Makes a created or removed directory entry durable (a file's own fdatasync does not cover it). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

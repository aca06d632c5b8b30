// The write-ahead log's file operations: writing a batch whole, the flags a segment is opened with, fdatasync.
import { constants, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { syncDirectory } from './segment-file.js';

export async function writeFully(handle: FileHandle, data: Buffer, position: number): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset, position + offset);
    offset += bytesWritten;
  }
}

/**
 * A write into the page cache takes a few microseconds per kilobyte: done on the event loop it costs less
 * than the two thread hand-offs of an asynchronous write, and the batch is acknowledged in the same turn.
 */
export function writeFullySync(handle: FileHandle, data: Buffer, position: number): void {
  let offset = 0;
  while (offset < data.length) offset += writeSync(handle.fd, data, offset, data.length - offset, position + offset);
}

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

/**
 * With the `commit` sync policy, segments are opened with O_DSYNC: each write returns once its data is on stable storage, as
 * write + fdatasync would, in one trip to the I/O thread pool instead of two.
 */
export function segmentFlags(dataSyncEachWrite: boolean): number {
  return dataSyncEachWrite ? CREATE_FLAGS | constants.O_DSYNC : CREATE_FLAGS;
}

/**
 * The file's data and its directory entry on stable storage. False when a sync failed: Linux may then have
 * dropped dirty pages, so the file must be validated before it is read.
 */
export async function datasynced(handle: FileHandle, dir: string): Promise<boolean> {
  try {
    await handle.datasync();
    await syncDirectory(dir);
    return true;
  } catch {
    return false;
  }
}

// The files of a ZIP archive, read from its central directory and inflated as streams with node:zlib (stored
// and deflated entries; no ZIP64, no encryption). Nothing is held whole: the archive is read in slices from its
// source and each entry inflates chunk by chunk. A ZIP bomb is refused while it inflates: the archive's
// entries together may not inflate past a total, nor any entry past a ratio to its compressed size.
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { ImportFileError } from './import-file-error.js';

/** Where the archive's bytes come from: a file read at offsets, or a buffer in tests. */
export interface ZipSource {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

export interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  /** Offset of the local header. */
  readonly localOffset: number;
}

export interface ZipLimits {
  /** Bytes all entries may inflate to together. */
  readonly maxTotalBytes: number;
  /** Inflated bytes per compressed byte an entry may reach (checked past `ratioFloorBytes`). */
  readonly maxRatio: number;
  readonly ratioFloorBytes: number;
}

/** An export of daily aggregates or raw rows compresses 5 to 30 times; 200 leaves room and stops bombs. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxTotalBytes: 2 * 1024 ** 3, maxRatio: 200, ratioFloorBytes: 1024 * 1024 };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
/** The central directory of an export's handful of files is small; a larger one is not an export. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;
const SLICE_BYTES = 256 * 1024;

export async function fileSource(path: string): Promise<ZipSource> {
  const handle = await open(path, 'r');
  const size = (await handle.stat()).size;
  return {
    size,
    read: async (position, length) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

async function endOfDirectory(source: ZipSource, name: string): Promise<{ tail: Buffer; at: number }> {
  const start = Math.max(0, source.size - END_SEARCH);
  const tail = await source.read(start, source.size - start);
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) return { tail, at };
  }
  throw new ImportFileError(name, 'not a ZIP archive (no end of central directory)');
}

/** The archive's file entries (folders left out), from its central directory. */
export async function zipEntries(source: ZipSource, name: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntry[]> {
  const { tail, at: end } = await endOfDirectory(source, name);
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ImportFileError(name, 'ZIP64 archives are not supported');
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > source.size) throw new ImportFileError(name, 'damaged ZIP central directory');
  const directory = await source.read(directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let at = 0;
  let declaredTotal = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ImportFileError(name, `damaged ZIP central directory (entry ${index + 1})`);
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const compressedSize = directory.readUInt32LE(at + 20);
    const size = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localOffset = directory.readUInt32LE(at + 42);
    const entryName = directory.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName.endsWith('/')) continue;
    const where = `${name} ${entryName}`;
    if ((flags & 0x1) !== 0) throw new ImportFileError(where, 'encrypted ZIP entries are not supported');
    if (method !== 0 && method !== 8) throw new ImportFileError(where, `unsupported ZIP compression method ${method}`);
    declaredTotal += size;
    if (declaredTotal > limits.maxTotalBytes) throw new ImportFileError(where, `the archive inflates to more than ${limits.maxTotalBytes} bytes`);
    if (size > limits.ratioFloorBytes && size > compressedSize * limits.maxRatio) throw new ImportFileError(where, `the entry inflates more than ${limits.maxRatio} times (not an export)`);
    entries.push({ name: entryName, method, compressedSize, size, localOffset });
  }
  return entries;
}

/** Counts what an archive's entries inflate to, across entries. */
export class InflateBudget {
  private total = 0;
  constructor(private readonly limits: ZipLimits = DEFAULT_ZIP_LIMITS) {}

  add(where: string, entryBytes: number, compressedSize: number, bytes: number): void {
    this.total += bytes;
    if (this.total > this.limits.maxTotalBytes) throw new ImportFileError(where, `the archive inflates to more than ${this.limits.maxTotalBytes} bytes`);
    if (entryBytes > this.limits.ratioFloorBytes && entryBytes > compressedSize * this.limits.maxRatio) {
      throw new ImportFileError(where, `the entry inflates more than ${this.limits.maxRatio} times (not an export)`);
    }
  }
}

/** The entry's bytes as they inflate; `onCompressed` hears of each compressed slice read (for progress). */
export async function* entryData(
  source: ZipSource, entry: ZipEntry, name: string, budget: InflateBudget, onCompressed: (bytes: number) => void = () => undefined,
): AsyncGenerator<Buffer> {
  const where = `${name} ${entry.name}`;
  const local = await source.read(entry.localOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER) throw new ImportFileError(where, 'damaged ZIP entry header');
  const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (dataStart + entry.compressedSize > source.size) throw new ImportFileError(where, 'the entry is cut short');
  async function* compressed(): AsyncGenerator<Buffer> {
    for (let at = 0; at < entry.compressedSize; at += SLICE_BYTES) {
      const slice = await source.read(dataStart + at, Math.min(SLICE_BYTES, entry.compressedSize - at));
      onCompressed(slice.length);
      yield slice;
    }
  }
  let produced = 0;
  const take = (chunk: Buffer) => {
    produced += chunk.length;
    budget.add(where, produced, entry.compressedSize, chunk.length);
    if (produced > entry.size) throw new ImportFileError(where, 'the entry inflates to another size than recorded');
  };
  if (entry.method === 0) {
    for await (const chunk of compressed()) {
      take(chunk);
      yield chunk;
    }
  } else {
    const input = Readable.from(compressed());
    const inflate = createInflateRaw();
    input.on('error', (err) => inflate.destroy(err));
    input.pipe(inflate);
    try {
      for await (const chunk of inflate as AsyncIterable<Buffer>) {
        take(chunk);
        yield chunk;
      }
    } catch (err) {
      if (err instanceof ImportFileError) throw err;
      throw new ImportFileError(where, 'the entry does not inflate');
    } finally {
      input.destroy();
      inflate.destroy();
    }
  }
  if (produced !== entry.size) throw new ImportFileError(where, 'the entry inflates to another size than recorded');
}

// The files of a ZIP archive, read from its central directory and inflated with node:zlib (stored and
// deflated entries; no ZIP64, no encryption: an export of daily aggregates is small).
import { inflateRawSync } from 'node:zlib';
import { ImportFileError } from './import-file-error.js';

export interface ZipEntry {
  readonly name: string;
  readonly data: Buffer;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
/** An entry larger than this once inflated is refused (a ZIP bomb, or not an export). */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

function endOfDirectory(zip: Buffer, name: string): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_SEARCH); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw new ImportFileError(name, 'not a ZIP archive (no end of central directory)');
}

export function zipEntries(zip: Buffer, name: string): ZipEntry[] {
  const end = endOfDirectory(zip, name);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ImportFileError(name, 'ZIP64 archives are not supported');
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ImportFileError(name, `damaged ZIP central directory (entry ${index + 1})`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName.endsWith('/')) continue;
    if ((flags & 0x1) !== 0) throw new ImportFileError(`${name} ${entryName}`, 'encrypted ZIP entries are not supported');
    if (size > MAX_ENTRY_BYTES) throw new ImportFileError(`${name} ${entryName}`, 'the entry is too large');
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new ImportFileError(`${name} ${entryName}`, 'damaged ZIP entry header');
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    if (raw.length !== compressedSize) throw new ImportFileError(`${name} ${entryName}`, 'the entry is cut short');
    let data: Buffer;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: MAX_ENTRY_BYTES });
      } catch {
        throw new ImportFileError(`${name} ${entryName}`, 'the entry does not inflate');
      }
    } else throw new ImportFileError(`${name} ${entryName}`, `unsupported ZIP compression method ${method}`);
    if (data.length !== size) throw new ImportFileError(`${name} ${entryName}`, 'the entry inflates to another size than recorded');
    entries.push({ name: entryName, data });
  }
  return entries;
}

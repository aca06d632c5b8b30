// A one-file ZIP archive made in a test, its headers written by hand (so they can lie about the entry's size).
import { deflateRawSync } from 'node:zlib';

/** A little-endian record of `length` bytes: `fields` are [offset, byte width, value]. */
function record(length: number, fields: ReadonlyArray<readonly [number, 2 | 4, number]>): Buffer {
  const buffer = Buffer.alloc(length);
  for (const [offset, width, value] of fields) {
    if (width === 2) buffer.writeUInt16LE(value, offset);
    else buffer.writeUInt32LE(value, offset);
  }
  return buffer;
}

/** A one-file ZIP (deflated, CRC zero, which the reader does not check), its headers declaring `declaredSize`. */
export function zipFile(name: string, data: Buffer, declaredSize = data.length): Buffer {
  const packed = deflateRawSync(data, { level: 9 });
  const fileName = Buffer.from(name);
  const local = record(30, [[0, 4, 0x04034b50], [8, 2, 8], [18, 4, packed.length], [22, 4, declaredSize], [26, 2, fileName.length]]);
  const entry = record(46, [[0, 4, 0x02014b50], [10, 2, 8], [20, 4, packed.length], [24, 4, declaredSize], [28, 2, fileName.length]]);
  const directory = Buffer.concat([entry, fileName]);
  const end = record(22, [[0, 4, 0x06054b50], [8, 2, 1], [10, 2, 1], [12, 4, directory.length], [16, 4, local.length + fileName.length + packed.length]]);
  return Buffer.concat([local, fileName, packed, directory, end]);
}

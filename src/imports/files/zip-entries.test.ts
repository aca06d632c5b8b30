// ZIP entries from the central directory: stored and deflated files, and what is not a (sound) ZIP.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipEntries } from './zip-entries.js';

/** A ZIP archive of the files, each stored or deflated, with a CRC of zero (the reader does not check CRCs). */
function zipOf(files: ReadonlyArray<{ name: string; text: string; deflate: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const raw = Buffer.from(file.text);
    const data = file.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(file.deflate ? 8 : 0, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(file.deflate ? 8 : 0, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(raw.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

describe('zipEntries', () => {
  it('reads stored and deflated entries by name', () => {
    const zip = zipOf([
      { name: 'imported_visitors_20260101_20260102.csv', text: 'date,visitors\n2026-01-01,3\n', deflate: true },
      { name: 'notes.txt', text: 'plain', deflate: false },
    ]);
    expect(zipEntries(zip, 'x.zip').map((entry) => [entry.name, entry.data.toString()])).toEqual([
      ['imported_visitors_20260101_20260102.csv', 'date,visitors\n2026-01-01,3\n'],
      ['notes.txt', 'plain'],
    ]);
  });

  it('refuses what is not a ZIP, and a damaged one, naming the file', () => {
    expect(() => zipEntries(Buffer.from('date,visitors\n'), 'x.zip')).toThrow('x.zip: not a ZIP archive');
    const zip = zipOf([{ name: 'a.csv', text: 'hello world', deflate: true }]);
    zip.writeUInt32LE(0, 0);
    expect(() => zipEntries(zip, 'x.zip')).toThrow('x.zip a.csv: damaged ZIP entry header');
  });
});

// ZIP entries from the central directory, streamed: stored and deflated files, what is not a (sound) ZIP, and
// archives that inflate past the total or the ratio allowed (also when their directory understates the size).
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { entryData, InflateBudget, zipEntries, type ZipLimits, type ZipSource } from './zip-entries.js';

/** A ZIP held in memory, read as the import reads a file. */
function bufferSource(buffer: Buffer): ZipSource {
  return {
    size: buffer.length,
    read: (position, length) => Promise.resolve(buffer.subarray(position, Math.min(buffer.length, position + length))),
    close: () => Promise.resolve(),
  };
}

/** A ZIP archive of the files, each stored or deflated, with a CRC of zero (the reader does not check CRCs). */
function zipOf(files: ReadonlyArray<{ name: string; text: string | Buffer; deflate: boolean; declaredSize?: number }>): Buffer {
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
    entry.writeUInt32LE(file.declaredSize ?? raw.length, 24);
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

async function read(zip: Buffer, limits?: ZipLimits): Promise<Array<[string, string]>> {
  const source = bufferSource(zip);
  const budget = new InflateBudget(limits);
  const out: Array<[string, string]> = [];
  for (const entry of await zipEntries(source, 'x.zip', limits)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entryData(source, entry, 'x.zip', budget)) chunks.push(chunk);
    out.push([entry.name, Buffer.concat(chunks).toString()]);
  }
  return out;
}

describe('zipEntries and entryData', () => {
  it('reads stored and deflated entries by name', async () => {
    const zip = zipOf([
      { name: 'imported_visitors_20260101_20260102.csv', text: 'date,visitors\n2026-01-01,3\n', deflate: true },
      { name: 'notes.txt', text: 'plain', deflate: false },
    ]);
    expect(await read(zip)).toEqual([
      ['imported_visitors_20260101_20260102.csv', 'date,visitors\n2026-01-01,3\n'],
      ['notes.txt', 'plain'],
    ]);
  });

  it('refuses what is not a ZIP, and a damaged one, naming the file', async () => {
    await expect(read(Buffer.from('date,visitors\n'))).rejects.toThrow('x.zip: not a ZIP archive');
    const zip = zipOf([{ name: 'a.csv', text: 'hello world', deflate: true }]);
    zip.writeUInt32LE(0, 0);
    await expect(read(zip)).rejects.toThrow('x.zip a.csv: damaged ZIP entry header');
  });

  const limits: ZipLimits = { maxTotalBytes: 3_000_000, maxRatio: 50, ratioFloorBytes: 100_000 };
  const zeros = (n: number) => Buffer.alloc(n, 0x30);

  it('refuses an entry that inflates past the ratio, from its directory or, when that understates it, while inflating', async () => {
    await expect(read(zipOf([{ name: 'bomb.csv', text: zeros(2_000_000), deflate: true }]), limits)).rejects.toThrow('x.zip bomb.csv: the entry inflates more than 50 times');
    const liar = zipOf([{ name: 'bomb.csv', text: zeros(2_000_000), deflate: true, declaredSize: 1000 }]);
    await expect(read(liar, limits)).rejects.toThrow('x.zip bomb.csv: the entry inflates to another size than recorded');
    await expect(read(zipOf([{ name: 'rows.csv', text: zeros(90_000), deflate: true }]), limits)).resolves.toHaveLength(1);
  });

  it('refuses an archive whose entries inflate past the total together', async () => {
    const random = (n: number) => randomBytes(n);
    const files = [1, 2].map((n) => ({ name: `part${n}.csv`, text: random(1_600_000), deflate: true }));
    await expect(read(zipOf(files), limits)).rejects.toThrow('x.zip part2.csv: the archive inflates to more than 3000000 bytes');
    await expect(read(zipOf(files), { ...limits, maxTotalBytes: 3_200_000 })).resolves.toHaveLength(2);
  });
});

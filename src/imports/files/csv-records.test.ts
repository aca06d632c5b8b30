// RFC 4180 CSV records from streamed chunks: quoting, line ends, BOMs, chunk boundaries, an unclosed quote.
import { describe, expect, it } from 'vitest';
import { csvRecords } from './csv-records.js';

async function records(chunks: readonly string[]) {
  async function* source() {
    yield* chunks;
  }
  const out: Array<[number, readonly string[]]> = [];
  for await (const record of csvRecords(source(), 'f.csv')) out.push([record.line, record.cells]);
  return out;
}

describe('csvRecords', () => {
  it.each([
    ['plain rows, LF', ['a,b\n1,2\n'], [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['CRLF and no final line end', ['a,b\r\n1,2'], [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['a BOM, empty cells and a blank line', ['\uFEFFa,,c\n\n,,\n'], [[1, ['a', '', 'c']], [3, ['', '', '']]]],
    ['quoted separators, doubled quotes, line breaks', ['x,"a, ""b""\nc",y\nz,1,2\n'], [[1, ['x', 'a, "b"\nc', 'y']], [3, ['z', '1', '2']]]],
    ['a record split across chunks, mid-quote and mid-CRLF', ['a,"b', '""c",d\r', '\ne,f'], [[1, ['a', 'b"c', 'd']], [2, ['e', 'f']]]],
    ['an empty quoted cell', ['"",x\n'], [[1, ['', 'x']]]],
    ['plain cells split across chunks', ['ab', 'c,d', 'e\nf', ',g'], [[1, ['abc', 'de']], [2, ['f', 'g']]]],
    ['a quoted cell closing right at a chunk end', ['"ab"', ',c\n'], [[1, ['ab', 'c']]]],
  ] as const)('reads %s', async (_name, chunks, expected) => {
    expect(await records(chunks)).toEqual(expected);
  });

  it('names the line where a quoted cell never ends', async () => {
    await expect(records(['a,b\n1,"open\n2,3\n'])).rejects.toThrow('f.csv line 2: a quoted cell never ends');
  });
});

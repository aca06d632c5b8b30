// CSV cells: quoting, formula guard, numbers and empties.
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-text.js';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-x', "'-x"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "\"'\rx\""],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    [-3.5, '-3.5'],
    [0, '0'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    [{ a: '1' }, '"{""a"":""1""}"'],
    [['x', 'y'], '"[""x"",""y""]"'],
  ] as const)('%j -> %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('joins a record with commas and ends it with CRLF', () => {
    expect(csvLine(['a', 1, null, '=b'])).toBe("a,1,,'=b\r\n");
  });
});

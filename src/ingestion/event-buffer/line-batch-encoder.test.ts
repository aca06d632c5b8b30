import { describe, expect, it } from 'vitest';
import { LineBatchEncoder } from './line-batch-encoder.js';

describe('LineBatchEncoder', () => {
  it.each([
    ['ASCII lines', ['{"a":1}\n', '{"b":"x"}\n']],
    ['two-byte and astral characters', ['{"t":"Log in — Example"}\n', '{"e":"😀 ü"}\n']],
    ['a lone surrogate, written as U+FFFD', ['{"s":"\uD800"}\n']],
    ['no lines', []],
    ['a batch larger than the reused buffer', Array.from({ length: 400 }, (_, i) => `{"i":${i},"t":"${'€'.repeat(300)}"}\n`)],
  ])('writes %s as Buffer.from of the joined text does', (_name, lines: string[]) => {
    const encoder = new LineBatchEncoder();
    expect(encoder.encode(lines).equals(Buffer.from(lines.join('')))).toBe(true);
  });

  it('encodes each batch in full after a larger one used the same buffer', () => {
    const encoder = new LineBatchEncoder();
    encoder.encode(['{"long":"' + 'x'.repeat(5000) + '"}\n']);
    expect(encoder.encode(['{"a":"é"}\n']).toString('utf8')).toBe('{"a":"é"}\n');
  });
});

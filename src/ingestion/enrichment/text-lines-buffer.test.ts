import { describe, expect, it } from 'vitest';
import { TextLinesBuffer } from './text-lines-buffer.js';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

describe('TextLinesBuffer', () => {
  it('is empty, in a buffer of its own, when no line was pushed', () => {
    const lines = new TextLinesBuffer();
    const bytes = lines.finish();
    expect(lines.count).toBe(0);
    expect(bytes.byteLength).toBe(0);
    expect(bytes.buffer.byteLength).toBe(0);
  });

  it('ends every line with a newline and counts them', () => {
    const lines = new TextLinesBuffer();
    lines.push('{"a":1}');
    lines.push('{"b":"x"}');
    expect(lines.count).toBe(2);
    expect(text(lines.finish())).toBe('{"a":1}\n{"b":"x"}\n');
  });

  it('grows past its initial size and keeps multi-byte characters whole', () => {
    const lines = new TextLinesBuffer(8);
    const expected: string[] = [];
    for (let index = 0; index < 500; index += 1) {
      const line = JSON.stringify({ index, city: 'São Paulo', emoji: '😀', han: '東京', pad: 'x'.repeat(index % 37) });
      lines.push(line);
      expected.push(line);
    }
    const bytes = lines.finish();
    expect(text(bytes)).toBe(expected.join('\n') + '\n');
    expect(bytes.byteLength).toBe(Buffer.byteLength(expected.join('\n') + '\n'));
    // Exactly the lines' bytes: the buffer can be transferred as it is.
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });
});

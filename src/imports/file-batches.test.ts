// An uploaded file's batch body, made a few hundred rows per turn of the event loop: the same bytes as the
// JSON of the whole batch at once.
import { describe, expect, it } from 'vitest';
import { batchPostBody } from './file-batches.js';

describe('batchPostBody', () => {
  it('writes the batch as JSON.stringify would, across several turns, the last row included', async () => {
    const events = Array.from({ length: 1_201 }, (_, index) => ({ id: index, url: `https://a.example/p?q="${index}"`, nested: { n: [index, null] } }));
    const body = await batchPostBody(events, false);
    expect(body.toString('utf8')).toBe(JSON.stringify({ events, isLastBatch: false }));
    expect((JSON.parse(body.toString('utf8')) as { events: unknown[] }).events).toHaveLength(1_201);
  });

  it('writes an empty final batch and a row without a JSON form as JSON.stringify does', async () => {
    expect((await batchPostBody([], true)).toString('utf8')).toBe('{"events":[],"isLastBatch":true}');
    expect((await batchPostBody([undefined, 1], true)).toString('utf8')).toBe(JSON.stringify({ events: [undefined, 1], isLastBatch: true }));
  });
});

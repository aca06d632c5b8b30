// Attribution of V8 profile samples to functions (self) and to files or packages (inclusive, once per stack).
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { placeOf, summarizeProfile } from './summarize-cpu-profile.js';

const repo = new URL('../../', import.meta.url);
const fileUrl = (path: string): string => new URL(path, repo).href;

describe('placeOf', () => {
  it.each([
    [fileUrl('src/ingestion/pipeline.ts'), 'runSteps', 'src/ingestion/pipeline.ts'],
    [fileUrl('node_modules/zod/v4/core/schemas.js'), 'run', 'pkg:zod'],
    [fileUrl('node_modules/@fastify/cors/index.js'), 'x', 'pkg:@fastify/cors'],
    [pathToFileURL('/usr/lib/thing.js').href, 'f', 'node:/usr/lib/thing.js'],
    ['node:internal/process/task_queues', 'processTicksAndRejections', 'node:internal/process/task_queues'],
    ['', '(garbage collector)', '(garbage collector)'],
    ['', 'writev', '(native)'],
  ])('%s %s -> %s', (url, name, expected) => {
    expect(placeOf(url, name)).toBe(expected);
  });
});

describe('summarizeProfile', () => {
  // root -> route handler (track.routes) -> runSteps (pipeline) -> runSteps (pipeline, recursion) ; root -> (idle)
  const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
      { id: 2, callFrame: frame('handler', fileUrl('src/ingestion/track.routes.ts')), children: [3] },
      { id: 3, callFrame: frame('runSteps', fileUrl('src/ingestion/pipeline.ts')), children: [4] },
      { id: 4, callFrame: frame('runSteps', fileUrl('src/ingestion/pipeline.ts')), children: [] },
      { id: 5, callFrame: frame('(idle)', ''), children: [] },
    ],
    startTime: 0,
    endTime: 10_000,
    samples: [4, 4, 3, 2, 5, 5, 5, 5, 5, 5],
    // a sample stands for the time until the next one: the second sample lasts 2 ms, the last one the average
    timeDeltas: [1000, 1000, 2000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
  };

  it('counts self time per function and inclusive time per place once per sample', () => {
    const summary = summarizeProfile(profile);
    expect(summary.totalMs).toBe(11);
    expect(summary.selfByFunction).toEqual([
      ['(idle)  (idle)', 6],
      ['runSteps  src/ingestion/pipeline.ts:1', 4],
      ['handler  src/ingestion/track.routes.ts:1', 1],
    ]);
    expect(summary.inclusiveByPlace).toEqual([
      ['(root)', 11],
      ['(idle)', 6],
      ['src/ingestion/track.routes.ts', 5],
      ['src/ingestion/pipeline.ts', 4],
    ]);
  });

  it('keeps only the samples inside the time window', () => {
    const summary = summarizeProfile(profile, { fromSeconds: 0, toSeconds: 0.0035 });
    expect(summary.totalMs).toBe(3);
    expect(summary.inclusiveByPlace).toEqual([
      ['(root)', 3],
      ['src/ingestion/pipeline.ts', 3],
      ['src/ingestion/track.routes.ts', 3],
    ]);
  });
});

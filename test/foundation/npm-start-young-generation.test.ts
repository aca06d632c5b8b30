// `npm start` bounds the event loop's young generation (decision 0055): V8 grows it to 2 x 16 MB under allocation
// by default, to at most 2 x 4 MB with the start script's Node options. Checked in a Node started with those options.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { npmStartNodeArguments } from '../../scripts/bench-ingest/npm-start-command.js';

const MB = 1024 * 1024;

/** Allocates ~300 MB of short-lived objects (a tenth kept a while, as a server's requests do), then prints the new space's size. */
const ALLOCATE_AND_REPORT = `
  const v8 = require('node:v8');
  let kept = [];
  for (let i = 0; i < 3e6; i++) {
    const value = { id: i, text: 'row ' + i, pair: [i, i + 1] };
    if (i % 10 === 0) kept.push(value);
    if (kept.length > 200000) kept = kept.slice(100000);
  }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  process.stdout.write(String(space.space_size));
`;

function newSpaceBytes(nodeOptions: readonly string[]): number {
  return Number(execFileSync(process.execPath, [...nodeOptions, '-e', ALLOCATE_AND_REPORT], { encoding: 'utf8' }));
}

describe("npm start's Node options", () => {
  const options = npmStartNodeArguments().slice(0, -1);

  it('keep the young generation within 8 MB where V8 alone grows it further', () => {
    expect(newSpaceBytes([])).toBeGreaterThan(8 * MB);
    expect(newSpaceBytes(options)).toBeLessThanOrEqual(8 * MB);
  });
});

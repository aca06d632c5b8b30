// The server's start-up keeps V8's young generation at its initial size and lets it grow afterwards (decision 0055):
// checked in a Node process that allocates during and after `withYoungGenerationAtInitialSize`, as the server's start-up and traffic do.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';

const MB = 1024 * 1024;

/** Prints the young generation's size after allocations during the wrapped start and after it. */
const SCRIPT = `
  import { getHeapSpaceStatistics } from 'node:v8';
  import { withYoungGenerationAtInitialSize } from ${JSON.stringify(pathToFileURL(projectPath('bin', 'young-generation-at-start.js')).href)};
  const youngGeneration = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
  // ~300 MB of short-lived objects, a tenth of them kept a while: what a start-up or a burst of requests does.
  function allocate() {
    let kept = [];
    for (let i = 0; i < 3e6; i++) {
      const value = { id: i, text: 'row ' + i, pair: [i, i + 1] };
      if (i % 10 === 0) kept.push(value);
      if (kept.length > 200000) kept = kept.slice(100000);
    }
  }
  const during = await withYoungGenerationAtInitialSize(async () => { allocate(); return youngGeneration(); });
  allocate();
  process.stdout.write(JSON.stringify({ during, after: youngGeneration() }));
`;

describe('withYoungGenerationAtInitialSize', () => {
  it("keeps the young generation at V8's initial 2 x 1 MB while the start runs, and lets it grow after", () => {
    const sizes = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { encoding: 'utf8' })) as { during: number; after: number };
    expect(sizes.during).toBeLessThanOrEqual(2 * MB);
    expect(sizes.after).toBeGreaterThan(8 * MB);
  });
});

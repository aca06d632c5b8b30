import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { projectPath } from './src/platform/project-path.js';
import { ensureTestCertificate } from './test/helpers/test-certificate.js';
import { TEST_CERT_DIR } from './test/helpers/test-cert-dir.js';
import { LongestFirstSequencer } from './test/setup/longest-first-sequencer.js';
import { testTemporaryRoot } from './test/setup/temporary-root.js';
import { WHOLE_FILE_TIMES, WholeFileTimesReporter } from './scripts/test-times/whole-file-reporter.js';
import { testGlobs } from './test/tiers.js';

// Webhook tests deliver to a real HTTPS receiver with a self-signed certificate: the workers trust it
// through NODE_EXTRA_CA_CERTS, which Node reads only at start-up, so it is set before they are forked.
const certificate = ensureTestCertificate(TEST_CERT_DIR);
process.env.NODE_EXTRA_CA_CERTS = certificate.certPath;

/**
 * Three workers by default on the two cores of the machines the suite runs on: a test file leaves a core idle for a
 * good part of its time (its browser or server answering, a child process starting, a delivery or a flush awaited),
 * which a third file fills (decision 0062: the system tier 390 s instead of 455 s, the same CPU time).
 */
function testWorkers(): number {
  const asked = Number(process.env.LOUPE_TEST_WORKERS ?? '3');
  return Number.isInteger(asked) && asked >= 1 ? asked : 3;
}

// Every temporary folder of the run in memory where the machine allows (test/setup/temporary-root.ts).
process.env.TMPDIR = testTemporaryRoot();

// The suite in three tiers (test/tiers.ts says which file is where, docs/testing.md why): `npm test` runs all of
// them, `npm run test:fast|test:integration|test:system` one.
export default defineConfig({
  test: {
    exclude: ['node_modules/**', join('dist', '**')],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every run also leaves its JSON report and each file's whole time (hooks included) for `npm run test:slowest`.
    reporters: ['default', ['json', { outputFile: '.tmp/test-results.json' }], new WholeFileTimesReporter(projectPath('.tmp', WHOLE_FILE_TIMES))],
    // Three workers in every tier (LOUPE_TEST_WORKERS to try others), all kept for the whole run: a pool allowed
    // fewer ends a worker that falls idle at a tier's tail without awaiting it, and a three-worker run that allowed
    // fewer ended on tinypool's unhandled "Terminating worker thread" (decision 0062).
    poolOptions: { forks: { maxForks: testWorkers(), minForks: testWorkers(), isolate: false } },
    // Longest files first, by the committed file times (test/file-durations.json), also in a fresh clone.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: testGlobs('fast'),
          exclude: ['node_modules/**'],
          // Pure code that leaves nothing behind: the workers run every file, sharing loaded modules.
          pool: 'forks',
          poolOptions: { forks: { isolate: false } },
          testTimeout: 10_000,
          // The tiers run one after the other, fastest first: a broken unit fails the run within a minute.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: testGlobs('integration'),
          exclude: ['node_modules/**', ...testGlobs('system')],
          globalSetup: ['test/setup/migrated-store-template.ts'],
          // The workers run every file, loading the product's modules once each (not once per file).
          pool: 'forks',
          poolOptions: { forks: { isolate: false } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: testGlobs('system'),
          exclude: ['node_modules/**'],
          globalSetup: ['test/setup/migrated-store-template.ts', 'test/setup/built-dashboard.ts'],
          // Browsers and server processes, in the same reused workers (a file closes what it opens).
          pool: 'forks',
          // A card shows its figure when its report has answered, which a busy machine can take seconds to do:
          // `expect.poll` waits as long as a locator's own wait would, not the 1 s it waits by default.
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

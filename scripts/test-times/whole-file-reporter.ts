// A vitest reporter that records each test file's whole time in a worker: importing it, its beforeAll and afterAll
// hooks (the servers, browsers and seeded stores a file sets up and closes) and its tests. Vitest's JSON report
// times a file from its first test's start to its last test's end only, which leaves out the set-up that makes a
// browser or seeded file long, so the longest-first order (test/file-durations.json) would start such a file late.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ModuleDiagnostic, Reporter, TestModule } from 'vitest/node';
import { z } from 'zod';

/** The reporter's file, beside vitest's JSON report (.tmp/). */
export const WHOLE_FILE_TIMES = 'test-file-times.json';

export const WholeFileTimesSchema = z.record(z.string(), z.number().nonnegative());
/** Milliseconds per test file, by its absolute path (as the JSON report names it). */
export type WholeFileTimes = z.infer<typeof WholeFileTimesSchema>;

/** A module's time in its worker, from vitest's own diagnostic of it. */
export function wholeFileMs(diagnostic: ModuleDiagnostic): number {
  return diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration + diagnostic.collectDuration + diagnostic.duration;
}

export class WholeFileTimesReporter implements Reporter {
  constructor(private readonly outputFile: string) {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const times: WholeFileTimes = {};
    for (const module of testModules) times[module.moduleId] = Math.round(wholeFileMs(module.diagnostic()));
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify(times, null, 2)}\n`);
  }
}

// The committed record of how long each test file takes (test/file-durations.json), which orders a run's files
// longest first even in a fresh clone, where vitest has no timings of its own yet.
import { z } from 'zod';
import { projectPath } from '../../src/platform/project-path.js';
import type { FileTime } from './test-times.js';

export const FILE_DURATIONS = projectPath('test', 'file-durations.json');

export const FileDurationsSchema = z.record(z.string(), z.number().int().nonnegative());
export type FileDurations = z.infer<typeof FileDurationsSchema>;

/** The durations to commit from a run's file times: every file of the run, in milliseconds, sorted by name. */
export function durationsOf(files: readonly FileTime[], earlier: FileDurations = {}): FileDurations {
  const merged = new Map(Object.entries(earlier));
  for (const file of files) merged.set(file.file, file.ms);
  return Object.fromEntries([...merged].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * `files` (paths relative to the project) longest first by `durations`; files with no recorded duration (new ones)
 * go first, largest first, as vitest orders files it has not timed.
 */
export function longestFirst<T>(files: readonly T[], durations: FileDurations, pathOf: (file: T) => string, sizeOf: (file: T) => number): T[] {
  return [...files].sort((a, b) => {
    const aMs = durations[pathOf(a)];
    const bMs = durations[pathOf(b)];
    if (aMs === undefined || bMs === undefined) {
      if (aMs === undefined && bMs === undefined) return sizeOf(b) - sizeOf(a);
      return aMs === undefined ? -1 : 1;
    }
    return bMs - aMs;
  });
}

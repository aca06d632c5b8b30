// The order of a run's files: longest first (by test/file-durations.json, `npm run test:slowest -- --update`), so the
// workers finish together instead of one waiting on a long file started last.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FILE_DURATIONS, FileDurationsSchema, longestFirst, type FileDurations } from '../../scripts/test-times/file-durations.js';

function recorded(): FileDurations {
  return existsSync(FILE_DURATIONS) ? FileDurationsSchema.parse(JSON.parse(readFileSync(FILE_DURATIONS, 'utf8'))) : {};
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const size = (file: TestSpecification): number => (existsSync(file.moduleId) ? statSync(file.moduleId).size : 0);
    return longestFirst(files, recorded(), (file) => relative(root, file.moduleId), size);
  }
}

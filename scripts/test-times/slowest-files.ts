// npm run test:slowest [-- <report.json>] [--count N] [--update]: the slowest test files of the last run, and each
// tier's sum; --update also records every file's time in test/file-durations.json, the order of the next runs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectPath } from '../../src/platform/project-path.js';
import { durationsOf, FILE_DURATIONS, FileDurationsSchema } from './file-durations.js';
import { fileTimes, slowestTable } from './test-times.js';
import { WHOLE_FILE_TIMES, WholeFileTimesSchema } from './whole-file-reporter.js';

const args = process.argv.slice(2);
const countAt = args.indexOf('--count');
const count = countAt >= 0 ? Number(args[countAt + 1]) : 20;
const reportPath = args.find((arg, index) => !arg.startsWith('--') && (countAt < 0 || index !== countAt + 1)) ?? projectPath('.tmp', 'test-results.json');
if (!Number.isInteger(count) || count < 1) {
  console.error('--count takes a whole number of files, e.g. --count 20');
  process.exit(2);
}
if (!existsSync(reportPath)) {
  console.error(`no test report at ${reportPath}: run the tests first (npm test, or one tier)`);
  process.exit(2);
}
// The whole times the run's reporter left beside the report (set-up and hooks included), where there are some.
const wholePath = join(dirname(reportPath), WHOLE_FILE_TIMES);
const whole = existsSync(wholePath) ? WholeFileTimesSchema.parse(JSON.parse(readFileSync(wholePath, 'utf8'))) : {};
const files = fileTimes(JSON.parse(readFileSync(reportPath, 'utf8')), projectPath(), whole);
console.log(slowestTable(files, count));
if (args.includes('--update')) {
  const earlier = existsSync(FILE_DURATIONS) ? FileDurationsSchema.parse(JSON.parse(readFileSync(FILE_DURATIONS, 'utf8'))) : {};
  writeFileSync(FILE_DURATIONS, `${JSON.stringify(durationsOf(files, earlier), null, 2)}\n`);
  console.log(`\nrecorded ${files.length} file times in ${FILE_DURATIONS}`);
}

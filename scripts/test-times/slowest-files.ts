// npm run test:slowest [-- <report.json>] [--count N]: the slowest test files of the last run, and each tier's sum.
import { existsSync, readFileSync } from 'node:fs';
import { projectPath } from '../../src/platform/project-path.js';
import { fileTimes, slowestTable } from './test-times.js';

const args = process.argv.slice(2);
const countAt = args.indexOf('--count');
const count = countAt >= 0 ? Number(args[countAt + 1]) : 20;
const reportPath = args.find((arg, index) => !arg.startsWith('--') && index !== countAt + 1) ?? projectPath('.tmp', 'test-results.json');
if (!Number.isInteger(count) || count < 1) {
  console.error('--count takes a whole number of files, e.g. --count 20');
  process.exit(2);
}
if (!existsSync(reportPath)) {
  console.error(`no test report at ${reportPath}: run the tests first (npm test, or one tier)`);
  process.exit(2);
}
console.log(slowestTable(fileTimes(JSON.parse(readFileSync(reportPath, 'utf8')), projectPath()), count));

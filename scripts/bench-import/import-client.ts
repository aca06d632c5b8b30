// The importing client of `npm run bench:import-load`, in a process of its own as `loupe import --url` would be:
// imports a file over HTTP and is paused and resumed by its parent between two batches (IPC messages).
// Arguments: <baseUrl> <apiKey> <siteId> <file> <format> <batchRows>. Messages in: 'pause', 'resume'; out:
// { paused: true } once the batch under way is answered, { summary } at the end, { error } on failure.
import { runImport } from '../../src/cli/import-command.js';
import { httpImportTarget } from '../../src/cli/import-targets.js';
import type { FileFormat } from '../../src/imports/files/import-file.js';
import { pausableTarget } from './pausable-target.js';

const [baseUrl = '', apiKey = '', siteId = '', file = '', format = 'umami', batchRows = '5000'] = process.argv.slice(2);
const send = (message: unknown) => new Promise<void>((resolve) => process.send?.(message, () => resolve()));
const control = pausableTarget(httpImportTarget(baseUrl, apiKey, siteId));
process.on('message', (message) => {
  if (message === 'pause') void control.pause().then(() => send({ paused: true }));
  if (message === 'resume') control.resume();
});
// Paused before the first batch, which the parent hears as its readiness; it resumes it when its first phase begins.
await control.pause();
await send({ paused: true });
try {
  const summary = await runImport(control.target, { file, format: format as FileFormat, batchRows: Number(batchRows) });
  await send({ summary });
} catch (err) {
  await send({ error: err instanceof Error ? err.message : String(err) });
}
process.disconnect();

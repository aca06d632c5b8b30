// Command-line entry (`npm run cli -- <command>`, or the `loupe` bin): bootstrap an instance.
import { parseArgs } from 'node:util';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { httpCaller, injectCaller } from './api-caller.js';
import { bootstrap } from './bootstrap.js';

const USAGE = `Usage:
  loupe bootstrap --email <email> --password <password> --org <name> --domain <domain> [--url <server>]

  Creates an account, an organization, a site and an organization API key, and prints them as JSON.
  Without --url it works directly on DATA_DIR (stop the server first: the embedded stores allow one process);
  with --url it talks to a running server.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'bootstrap') {
    process.stderr.write(USAGE + '\n');
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, password: { type: 'string' }, org: { type: 'string' }, domain: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' } },
    strict: true,
  });
  const { email, password, org, domain } = values;
  if (!email || !password || !org || !domain) {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  const input = { email, password, org, domain, name: values.name };
  if (values.url) {
    process.stdout.write(JSON.stringify(await bootstrap(httpCaller(values.url.replace(/\/+$/, '')), input), null, 2) + '\n');
    return 0;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const loupe = await createApp(config);
  try {
    process.stdout.write(JSON.stringify(await bootstrap(injectCaller(loupe.app, config.baseUrl), input), null, 2) + '\n');
  } finally {
    await loupe.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

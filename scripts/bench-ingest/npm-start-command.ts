// Node's arguments of `npm start`, read from package.json's start script, so the benches and the tests that start
// the server as a process run it exactly as operators do (the young generation's bound included; decision 0055).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

/** The arguments after `node` of a start script such as `node --max-semi-space-size=4 bin/loupe-server.js`. */
export function nodeArgumentsOfStartScript(script: string): string[] {
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.length < 2) throw new Error(`npm start is expected to run node directly, not: ${script}`);
  const args = words.slice(1);
  if (!args.at(-1)?.endsWith('.js')) throw new Error(`npm start is expected to end with the server's script: ${script}`);
  return args;
}

/** The Node arguments `npm start` runs the server with, the script last (relative to the checkout). */
export function npmStartNodeArguments(): string[] {
  const manifest = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { scripts?: { start?: unknown } };
  const script = manifest.scripts?.start;
  if (typeof script !== 'string') throw new Error('package.json has no start script');
  return nodeArgumentsOfStartScript(script);
}

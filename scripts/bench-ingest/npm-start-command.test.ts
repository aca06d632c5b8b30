import { describe, expect, it } from 'vitest';
import { nodeArgumentsOfStartScript, npmStartNodeArguments } from './npm-start-command.js';

describe('nodeArgumentsOfStartScript', () => {
  it.each([
    ['node bin/loupe-server.js', ['bin/loupe-server.js']],
    ['node --max-semi-space-size=4 bin/loupe-server.js', ['--max-semi-space-size=4', 'bin/loupe-server.js']],
    ['  node   --a  --b=2 bin/x.js ', ['--a', '--b=2', 'bin/x.js']],
  ])('%s -> %j', (script, expected) => {
    expect(nodeArgumentsOfStartScript(script)).toEqual(expected);
  });

  it.each(['tsx src/main.ts', 'node', 'NODE_OPTIONS=x node bin/loupe-server.js', 'node --max-semi-space-size=4'])('refuses %s', (script) => {
    expect(() => nodeArgumentsOfStartScript(script)).toThrow(/npm start is expected/);
  });
});

describe('npmStartNodeArguments', () => {
  it("reads package.json's start script: the young generation bounded, then the server's script", () => {
    expect(npmStartNodeArguments()).toEqual(['--max-semi-space-size=4', 'bin/loupe-server.js']);
  });
});

// The server bundle's build record (bin/bundle-inputs.js): a start reuses the last build's directory only while
// every file that build read, the builder, tsconfig.json and the entry points are as they were.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';

interface BundleInputs {
  recordBuild(root: string, outRoot: string, builder: string, entries: readonly string[], inputs: readonly string[], dir: string, read: (file: string) => Promise<Buffer | string> | string): Promise<void>;
  unchangedBundle(root: string, outRoot: string, builder: string, entries: readonly string[]): Promise<string | undefined>;
}

const { recordBuild, unchangedBundle } = (await import(pathToFileURL(projectPath('bin', 'bundle-inputs.js')).href)) as BundleInputs;

describe('the server bundle is reused only while its inputs are unchanged', () => {
  // Inside the project, so that the record's esbuild version resolves from its node_modules as the builder's does.
  let root: string;
  let outRoot: string;
  let builder: string;
  let dir: string;
  const entries = ['src/main.ts'];
  const inputs = ['src/main.ts', 'src/lib.ts'];

  beforeEach(async () => {
    mkdirSync(projectPath('.tmp'), { recursive: true });
    root = mkdtempSync(join(projectPath('.tmp'), 'bundle-record-'));
    outRoot = join(root, 'dist', 'server');
    dir = join(outRoot, 'abc123');
    builder = join(root, 'builder.js');
    mkdirSync(join(root, 'src'), { recursive: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(builder, '// builder\n');
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
    writeFileSync(join(root, 'src', 'main.ts'), "import { two } from './lib.js';\nconsole.log(two);\n");
    writeFileSync(join(root, 'src', 'lib.ts'), 'export const two = 2;\n');
    writeFileSync(join(dir, 'main.js'), 'console.log(2);\n');
    await recordBuild(root, outRoot, builder, entries, inputs, dir, (file) => readFile(file));
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('gives the recorded directory while nothing changed', async () => {
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBe(dir);
  });

  it('builds again when an input, the builder or tsconfig.json changed, or an input is gone', async () => {
    writeFileSync(join(root, 'src', 'lib.ts'), 'export const two = 3;\n');
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
    writeFileSync(join(root, 'src', 'lib.ts'), 'export const two = 2;\n');
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBe(dir);

    writeFileSync(builder, '// builder, changed\n');
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
    writeFileSync(builder, '// builder\n');

    writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": {} }\n');
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBe(dir);

    unlinkSync(join(root, 'src', 'lib.ts'));
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
  });

  it('builds again for other entry points, without a record, or when the directory lost its main.js', async () => {
    expect(await unchangedBundle(root, outRoot, builder, [...entries, 'src/cli.ts'])).toBeUndefined();
    unlinkSync(join(dir, 'main.js'));
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
    writeFileSync(join(dir, 'main.js'), 'console.log(2);\n');
    unlinkSync(join(outRoot, '.last-build.json'));
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
  });

  it('takes a record that is not its own shape as no record', async () => {
    writeFileSync(join(outRoot, '.last-build.json'), JSON.stringify({ inputs: 'src/main.ts', hash: 1, dir }));
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
    writeFileSync(join(outRoot, '.last-build.json'), '{ not json');
    expect(await unchangedBundle(root, outRoot, builder, entries)).toBeUndefined();
  });
});

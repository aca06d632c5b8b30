// The tiers stay what their names promise: every test file is in exactly one tier, and a file of the fast tier
// (beside the code it tests) starts no store, server, browser or process of the product. A test that needs one
// lives under test/ (integration) or test/browser/, test/system/ (system).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../src/platform/project-path.js';
import { tierOf } from './tiers.js';

const SKIPPED = new Set(['node_modules', '.git', '.tmp', 'dist', 'data', 'coverage']);

function testFiles(dir = projectPath()): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('dist.') ? [] : testFiles(join(dir, entry.name));
    return entry.name.endsWith('.test.ts') ? [relative(projectPath(), join(dir, entry.name))] : [];
  });
}

/** Imports that make a test slow or stateful: the app, the stores, servers and browsers, and the test helpers that start them. */
const HEAVY_IMPORTS = [
  /\/src\/app\.js$/,
  /^(chdb|libsql|pg|ioredis|playwright-core)$/,
  /\/(chdb-store|clickhouse-store|create-analytics-store|create-metadata-db)\.js$/,
  /\/test\/helpers\/(test-app|server-process|cli-process|temporary-store|stats-test-store|clickhouse-stand-in|loupe-cluster)\.js$/,
];

/** A specifier as imported by `file`, resolved to a project path when relative ("/src/app.js"). */
function resolvedImport(file: string, specifier: string): string {
  return specifier.startsWith('.') ? `/${relative(projectPath(), join(projectPath(file), '..', specifier))}` : specifier;
}

/** Module specifiers a file imports, resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(projectPath(file), 'utf8');
  return [...text.matchAll(/(?:from\s+|import\(\s*)'([^']+)'/g)].map((match) => resolvedImport(file, match[1] ?? ''));
}

describe('test tiers', () => {
  const files = testFiles();

  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it('puts every test file in a tier', () => {
    expect(files.filter((file) => tierOf(file) === undefined)).toEqual([]);
  });

  it('keeps stores, servers, browsers and the app out of the fast tier', () => {
    const offending = files
      .filter((file) => tierOf(file) === 'fast')
      .flatMap((file) => importsOf(file).filter((specifier) => HEAVY_IMPORTS.some((pattern) => pattern.test(specifier))).map((specifier) => `${file}: ${specifier}`));
    expect(offending).toEqual([]);
  });

  it('recognises a heavy import in a fast-tier file', () => {
    const planted = ["import { createTestApp } from '../../test/helpers/test-app.js';", "import { ChdbStore } from '../platform/analytics-store/chdb-store.js';"];
    const resolved = planted.map((line) => resolvedImport('src/stats/x.test.ts', /'([^']+)'/.exec(line)?.[1] ?? ''));
    expect(resolved.map((specifier) => HEAVY_IMPORTS.some((pattern) => pattern.test(specifier)))).toEqual([true, true]);
  });
});

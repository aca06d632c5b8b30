// Where each test file belongs, by the folder it lives in (docs/testing.md):
// - fast: `*.test.ts` beside the code they test (src/, scripts/, tracker/, web/src/): pure functions, schemas, SQL
//   builders, the tracker's and dashboard's units; no store, no server, no browser (test/tier-rules.test.ts checks).
// - integration: test/**: HTTP tests against the real embedded stores (and PostgreSQL/Redis when reachable).
// - system: test/browser/ and test/system/: browsers, several processes, the reverse proxy, kill -9.

export type TierName = 'fast' | 'integration' | 'system';

export const TIER_FOLDERS: Readonly<Record<TierName, readonly string[]>> = {
  fast: ['src', 'scripts', 'tracker', 'web/src'],
  integration: ['test'],
  system: ['test/browser', 'test/system'],
};

/** The vitest `include` globs of a tier's folders. */
export function testGlobs(tier: TierName): string[] {
  return TIER_FOLDERS[tier].map((folder) => `${folder}/**/*.test.ts`);
}

/** The tier of a test file (a path relative to the project root), or undefined for a file no tier runs. */
export function tierOf(file: string): TierName | undefined {
  if (!file.endsWith('.test.ts')) return undefined;
  const inside = (tier: TierName): boolean => TIER_FOLDERS[tier].some((folder) => file.startsWith(`${folder}/`));
  if (inside('system')) return 'system';
  if (inside('integration')) return 'integration';
  return inside('fast') ? 'fast' : undefined;
}

// The versions migration tests start their store at: the run's global setup keeps a copy of the analytics store
// migrated up to each (test/setup/build-migrated-store.ts), which a test copies instead of migrating an empty
// store that far itself (test/helpers/temporary-store.ts). Each is the last migration file number included, as
// migrationsUpTo (test/helpers/migrations-up-to.ts) takes it; a test starting elsewhere migrates on its own.
export const MIGRATION_TEMPLATE_VERSIONS = ['0009', '0010', '0020', '0021', '0027', '0028', '0029', '0035', '0037', '0040'] as const;

/** The folder, inside the run's migrated store template, of its analytics store migrated up to `version`. */
export function migratedUpToFolder(version: string): string {
  return `analytics-up-to-${version}`;
}

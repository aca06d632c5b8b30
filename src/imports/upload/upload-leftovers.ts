// What uploads cut short by a crash or a kill left in the upload folder, cleared at start. No upload is under way
// then (a file is read within the request that brought it), so every entry is such a remain. A folder named after
// an import still running held the file that import was reading: the import is deleted with the rows it stored,
// as a failed upload's is (nothing of a half-read file stays); every other entry is simply removed.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface UploadLeftovers {
  /** Entries removed from the upload folder. */
  readonly removed: number;
  /** Imports whose upload was cut short, deleted with their rows. */
  readonly abandonedImports: readonly string[];
}

export interface AbandonsImports {
  /** Deletes the import with its rows if it is still running; false when there is no such running import. */
  abandonRunning(importId: string): Promise<boolean>;
}

export async function clearUploadLeftovers(dir: string, imports: AbandonsImports): Promise<UploadLeftovers> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { removed: 0, abandonedImports: [] };
    throw err;
  }
  const abandonedImports: string[] = [];
  for (const entry of entries) {
    // Upload folders are named after their import's id (import-upload.ts); anything else is no import's.
    if (entry.isDirectory() && (await imports.abandonRunning(entry.name))) abandonedImports.push(entry.name);
    await rm(join(dir, entry.name), { recursive: true, force: true });
  }
  return { removed: entries.length, abandonedImports };
}

// Reads one JSON table from the project's catalogs/ folder and validates it, so a malformed table fails
// loudly at start-up. The tables are source files; they never live in the runtime data folder (DATA_DIR).
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { projectPath } from '../../platform/project-path.js';

/** The absolute path of a catalog table, whatever the working directory. */
export function catalogPath(fileName: string): string {
  return projectPath('catalogs', fileName);
}

export function readCatalog<T extends z.ZodType>(fileName: string, schema: T): z.infer<T> {
  const raw: unknown = JSON.parse(readFileSync(catalogPath(fileName), 'utf8'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`catalogs/${fileName} is invalid: ${parsed.error.message}`);
  }
  return parsed.data;
}

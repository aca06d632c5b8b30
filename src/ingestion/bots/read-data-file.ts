// Reads one JSON table from data/ and validates it, so a malformed table fails loudly at start-up.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { projectPath } from '../../platform/project-path.js';

export function readDataFile<T extends z.ZodType>(fileName: string, schema: T): z.infer<T> {
  const raw: unknown = JSON.parse(readFileSync(projectPath('data', fileName), 'utf8'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`data/${fileName} is invalid: ${parsed.error.message}`);
  }
  return parsed.data;
}

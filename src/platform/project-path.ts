// Absolute paths inside the project checkout, independent of the working directory.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function projectPath(...parts: string[]): string {
  return join(ROOT, ...parts);
}

// The instance secret (AUTH_SECRET): taken from config, or generated once and kept under DATA_DIR.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function resolveInstanceSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

// Data survives a restart on the same DATA_DIR; DISABLE_SIGNUP still lets the first account in; health answers.
import { createApp } from '../../src/app.js';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { call, createOrganization, createOrganizationKey, createSite, signIn, signUp } from '../helpers/auth-client.js';
import { seedMigratedDataDir } from '../helpers/migrated-store.js';

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-restart-'));
  seedMigratedDataDir(dir);
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('restart and sign-up policy', () => {
  it('keeps accounts, sites, keys and the generated secret across a restart', async () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const first = await createApp(config);
    const owner = await signUp(first.app, 'keep@example.com');
    const orgId = await createOrganization(first.app, owner.cookie, 'keep');
    const site = await createSite(first.app, owner, orgId, { domain: 'keep.example.com' });
    const key = await createOrganizationKey(first.app, owner, orgId);
    const secret = readFileSync(join(dataDir, 'secrets', 'auth-secret'), 'utf8');
    await first.close();

    const second = await createApp(config);
    try {
      expect(readFileSync(join(dataDir, 'secrets', 'auth-secret'), 'utf8')).toBe(secret);
      expect((await signIn(second.app, 'keep@example.com', 'correct-horse-9')).statusCode).toBe(200);
      const sameCookie = await call(second.app, owner, { method: 'GET', url: `/api/sites/${site.id}` });
      expect(sameCookie.statusCode).toBe(200);
      const byKey = await call(second.app, { key: key.key }, { method: 'GET', url: `/api/sites/${site.siteId}` });
      expect(byKey.json()).toMatchObject({ siteId: site.siteId, domain: 'keep.example.com' });
      const health = await second.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ status: 'ok', analytics: 'ok', metadata: 'ok' });
    } finally {
      await second.close();
    }
  });

  it('with DISABLE_SIGNUP lets only the first account sign up (invitees aside: test/teams/invitation-security.test.ts)', async () => {
    const loupe = await createApp(loadConfig({ DATA_DIR: freshDir(), LOG_LEVEL: 'silent', DISABLE_SIGNUP: 'true' }));
    try {
      await signUp(loupe.app, 'first@example.com');
      const second = await loupe.app.inject({
        method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost:3001' },
        payload: { email: 'second@example.com', password: 'correct-horse-9', name: 'second' },
      });
      expect(second.statusCode).toBe(403);
      expect(second.json().error).toBe('Sign-up is by invitation on this instance');
    } finally {
      await loupe.close();
    }
  });
});

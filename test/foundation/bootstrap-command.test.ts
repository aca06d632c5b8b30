// The bootstrap command against a listening server: its output keeps the key out of anything meant for a
// web page, and its server-side example, run as printed, tracks a pageview stored as human traffic (while
// the same call without the key, as a bare curl, is filed as a bot).
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { runCli } from '../helpers/cli-process.js';
import { freePort } from '../helpers/server-process.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface BootstrapOutput {
  site: { siteId: number; id: string; domain: string };
  apiKey: { key: string };
  serverSideExample: { note: string; curl: string };
  scriptTag: string;
}

/** Dotted paths of every string in `value` that contains `needle`. */
function pathsContaining(value: unknown, needle: string, path = ''): string[] {
  if (typeof value === 'string') return value.includes(needle) ? [path] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, inner]) => pathsContaining(inner, needle, path ? `${path}.${name}` : name));
}

function shell(command: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { timeout: 30_000 }, (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }));
  });
}

describe('bootstrap command', () => {
  let t: TestApp;
  let base: string;
  let output: BootstrapOutput;
  let raw: Record<string, unknown>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { BASE_URL: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const run = await runCli(['bootstrap', '--email', 'first@example.com', '--password', 'a-long-password', '--org', 'First Shop', '--domain', 'shop.example.com', '--url', base], { DATA_DIR: t.dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    raw = JSON.parse(run.stdout) as Record<string, unknown>;
    output = raw as unknown as BootstrapOutput;
  });
  afterAll(async () => t.close());

  it('prints the key only as the key and inside the server-side example; the script tag names the public site id', () => {
    expect(Object.keys(raw)).toEqual(['user', 'organization', 'site', 'apiKey', 'serverSideExample', 'scriptTag']);
    expect(output.apiKey.key).toMatch(/^lpo_/);
    expect(pathsContaining(raw, output.apiKey.key)).toEqual(['apiKey.key', 'serverSideExample.curl']);
    expect(output.serverSideExample.note).toBe('server-side only: never put this key in a web page');
    expect(output.scriptTag).toBe(`<script defer src="${base}/api/script.js" data-site-id="${output.site.id}"></script>`);
  });

  it('tracks a pageview stored as human traffic when the server-side example runs as printed', async () => {
    const sent = await shell(`${output.serverSideExample.curl} --silent --show-error`);
    expect(sent).toEqual({ code: 0, stdout: '{"success":true}' });
    const query = (table: string) => rows(t, `SELECT type, hostname, pathname FROM ${table} WHERE site_id = {site:UInt32}`, { site: output.site.siteId });
    expect(await query('events')).toEqual([{ type: 'pageview', hostname: 'shop.example.com', pathname: '/' }]);
    expect(await query('bot_events')).toEqual([]);
  });

  it('files the same call without the key (a bare curl: no browser headers) as bot traffic', async () => {
    const keyless = output.serverSideExample.curl.replace(/ -H 'Authorization: Bearer [^']*'/, '').replace('"pathname":"/"', '"pathname":"/bare"');
    expect(keyless).not.toContain(output.apiKey.key);
    expect(await shell(`${keyless} --silent --show-error`)).toEqual({ code: 0, stdout: '{"success":true}' });
    const bare = { site: output.site.siteId, path: '/bare' };
    expect(await rows(t, 'SELECT pathname FROM events WHERE site_id = {site:UInt32} AND pathname = {path:String}', bare)).toEqual([]);
    expect(await rows(t, 'SELECT pathname, bot_name, ua_pattern, header_heuristics FROM bot_events WHERE site_id = {site:UInt32} AND pathname = {path:String}', bare)).toEqual([
      { pathname: '/bare', bot_name: 'curl', ua_pattern: 1, header_heuristics: 1 },
    ]);
  });
});

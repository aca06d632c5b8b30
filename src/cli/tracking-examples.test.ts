// The printed examples: shell quoting that survives any value, and a script tag that holds no key.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { scriptTag, serverSideCurl, shellQuoted } from './tracking-examples.js';

describe('tracking examples', () => {
  it.each(["plain", "it's", "''", "$HOME `id` \\n \"x\"", ''])('shell-quotes %j so sh reads it back unchanged', (value) => {
    expect(execFileSync('sh', ['-c', `printf %s ${shellQuoted(value)}`], { encoding: 'utf8' })).toBe(value);
  });

  it('writes the server-side curl with the key in its Authorization header and the pageview body', () => {
    expect(serverSideCurl('https://stats.example.com', 'lpo_secret', { id: 'a1b2c3d4e5f6', domain: 'shop.example.com' })).toBe(
      "curl -X POST 'https://stats.example.com/api/track' -H 'Content-Type: application/json' -H 'Authorization: Bearer lpo_secret' " +
        `-d '{"site_id":"a1b2c3d4e5f6","type":"pageview","hostname":"shop.example.com","pathname":"/"}'`,
    );
  });

  it.each([
    ['https://stats.example.com', 'a1b2c3d4e5f6', '<script defer src="https://stats.example.com/api/script.js" data-site-id="a1b2c3d4e5f6"></script>'],
    ['https://x.example.com/a"b&c<d', 'id"<&', '<script defer src="https://x.example.com/a&quot;b&amp;c&lt;d/api/script.js" data-site-id="id&quot;&lt;&amp;"></script>'],
  ])('writes the script tag for %s with the public site id only', (base, siteId, tag) => {
    expect(scriptTag(base, siteId)).toBe(tag);
  });
});

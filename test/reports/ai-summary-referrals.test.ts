// /bots/ai-summary's referrals where the `sessions` table cannot say it alone: sessions crossing the range's
// edges, and a session whose rows of `sessions` are not merged yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';

describe('AI referrals from the sessions table and the edge sessions', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'ai-referrals@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'ai-referrals-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'referrals.example.com' })).siteId;
    await seedEvents(t, siteId, [
      // Inside the range, ChatGPT first: an OpenAI referral.
      { at: '2026-03-05T10:00:00Z', session_id: 1, channel: 'AI', referrer: 'https://chatgpt.com/' },
      { at: '2026-03-05T10:01:00Z', session_id: 1, channel: 'Internal', pathname: '/a' },
      // Inside the range, search first and Claude later: Organic Search, no referral.
      { at: '2026-03-06T10:00:00Z', session_id: 2, channel: 'Organic Search', referrer: 'https://www.google.com/' },
      { at: '2026-03-06T10:05:00Z', session_id: 2, channel: 'AI', referrer: 'https://claude.ai/new' },
      // Search the evening before the range, Claude after midnight: inside the range its first informative row is
      // Claude's, an Anthropic referral, though the session's first informative row of all is the search.
      { at: '2026-02-28T23:55:00Z', session_id: 3, channel: 'Organic Search', referrer: 'https://www.bing.com/' },
      { at: '2026-03-01T00:05:00Z', session_id: 3, channel: 'AI', referrer: 'https://claude.ai/chat/3' },
      // Perplexity on the last evening, search after the range's end: a Perplexity referral.
      { at: '2026-03-15T23:58:00Z', session_id: 4, channel: 'AI', referrer: 'https://www.perplexity.ai/search?q=y' },
      { at: '2026-03-16T00:03:00Z', session_id: 4, channel: 'Organic Search', referrer: 'https://www.google.com/' },
      // Search after the range's start, ChatGPT earlier, before it: out of scope, search first inside: none.
      { at: '2026-02-28T23:50:00Z', session_id: 5, channel: 'AI', referrer: 'https://chatgpt.com/' },
      { at: '2026-03-01T00:02:00Z', session_id: 5, channel: 'Organic Search', referrer: 'https://www.google.com/' },
    ]);
  });
  afterAll(async () => t.close());

  const referrals = async (query: string) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/bots/ai-summary?${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Array<{ operator: string; referrals: number }> }).data.map((row) => `${row.operator} ${row.referrals}`);
  };

  it('counts the sessions wholly inside the range and those crossing its edges by their rows inside it', async () => {
    expect(await referrals(RANGE)).toEqual(['Anthropic 1', 'OpenAI 1', 'Perplexity 1']);
  });

  it('counts the same with a filter bot rows share, from the filtered events', async () => {
    const everywhere = encodeURIComponent(JSON.stringify([{ parameter: 'country', type: 'not_equals', value: ['FR'] }]));
    expect(await referrals(`${RANGE}&filters=${everywhere}`)).toEqual(['Anthropic 1', 'OpenAI 1', 'Perplexity 1']);
  });

  it('with a country filter, takes the matching sessions from the table and decides the others by their matching events', async () => {
    // A row of session `id` from `country` at `at` (2026-03-…Z), of `channel` from `referrer`.
    const row = (id: number, at: string, country: string, channel: string, referrer: string) => ({ at: `2026-03-${at}Z`, session_id: id, country, channel, referrer });
    await seedEvents(t, siteId, [
      // US, ChatGPT first: an OpenAI referral from its row of the sessions table.
      row(11, '11T10:00:00', 'US', 'AI', 'https://chatgpt.com/'),
      row(11, '11T10:02:00', 'US', 'Internal', 'https://referrals.example.com/'),
      // FR, Claude first: out of the filter.
      row(12, '11T11:00:00', 'FR', 'AI', 'https://claude.ai/'),
      // Perplexity from FR, then Claude from US: its events disagree on the country, so with the filter only the
      // US row is in scope (Claude), without it the first informative row of all (Perplexity).
      row(13, '11T12:00:00', 'FR', 'AI', 'https://www.perplexity.ai/'),
      row(13, '11T12:05:00', 'US', 'AI', 'https://claude.ai/13'),
      // US, search the evening before the range, ChatGPT after midnight: crossing the edge, decided inside it.
      row(14, '09T23:58:00', 'US', 'Organic Search', 'https://www.google.com/'),
      row(14, '10T00:03:00', 'US', 'AI', 'https://chatgpt.com/14'),
    ]);
    const range = 'start_date=2026-03-10&end_date=2026-03-12';
    const us = encodeURIComponent(JSON.stringify([{ parameter: 'country', type: 'equals', value: ['US'] }]));
    expect(await referrals(`${range}&filters=${us}`)).toEqual(['OpenAI 2', 'Anthropic 1']);
    expect(await referrals(range)).toEqual(['OpenAI 2', 'Anthropic 1', 'Perplexity 1']);
  });

  it('counts a session once while its rows of the sessions table are not merged', async () => {
    // Session 6 on a day of its own: a direct pageview, then, in a second insert, ChatGPT; merges are held.
    await t.services.analytics.command('SYSTEM STOP MERGES sessions');
    try {
      const start = { session_start: '2026-03-18 09:00:00.000' };
      await seedEvents(t, siteId, [{ at: '2026-03-18T09:00:00Z', session_id: 6, channel: 'Direct', ...start }]);
      await seedEvents(t, siteId, [{ at: '2026-03-18T09:04:00Z', session_id: 6, channel: 'AI', referrer: 'https://chatgpt.com/c/6', ...start }]);
      await seedEvents(t, siteId, [{ at: '2026-03-18T09:09:00Z', session_id: 6, channel: 'AI', referrer: 'https://claude.ai/6', ...start }]);
      const rows = await t.services.analytics.query<{ n: string }>(
        'SELECT toString(count()) AS n FROM sessions WHERE site_id = {site:UInt32} AND session_id = 6',
        { site: siteId },
      );
      expect(rows).toEqual([{ n: '3' }]);
      expect(await referrals('start_date=2026-03-18&end_date=2026-03-18')).toEqual(['OpenAI 1']);
    } finally {
      await t.services.analytics.command('SYSTEM START MERGES sessions');
    }
  });
});

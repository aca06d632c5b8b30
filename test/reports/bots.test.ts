// /bots/* on hand-built bot and human rows: overview per layer, zero-filled series, breakdowns, AI crawls vs referrals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { seedBotEvents, seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const ai = (bot_name: string, ai_operator: string, ai_purpose: string) => ({ bot_name, ai_operator, ai_purpose, bot_category: 'ai' });

describe('bots', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let org: string;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'bots@example.com');
    org = await createOrganization(t.app, owner.cookie, 'bots-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'bots.example.com', public: true })).siteId;
    await seedBotEvents(t, siteId, [
      { at: '2026-03-10T10:00:00Z', ...ai('GPTBot', 'OpenAI', 'training'), pathname: '/a', country: 'US', asn: 8075, ua_pattern: 1 },
      { at: '2026-03-10T11:00:00Z', ...ai('GPTBot', 'OpenAI', 'training'), pathname: '/b', ua_pattern: 1 },
      { at: '2026-03-10T12:00:00Z', ...ai('OAI-SearchBot', 'OpenAI', 'search'), pathname: '/a', ua_pattern: 1 },
      { at: '2026-03-11T09:00:00Z', ...ai('ChatGPT-User', 'OpenAI', 'agent'), pathname: '/c', ua_pattern: 1, header_heuristics: 1 },
      { at: '2026-03-11T10:00:00Z', ...ai('PerplexityBot', 'Perplexity', 'search'), pathname: '/a', ua_pattern: 1 },
      { at: '2026-03-12T10:00:00Z', pathname: '/a', country: 'DE', client_signals: 1, header_heuristics: 1 },
      { at: '2026-03-12T11:00:00Z', pathname: '/b', country: 'DE', asn: 16509, bot_asn: 1, rate_anomaly: 1 },
      { at: '2026-03-12T12:00:00Z', bot_name: 'Googlebot', bot_category: 'search', pathname: '/a', ua_pattern: 1 },
      { at: '2026-03-13T10:00:00Z', ...ai('Amazonbot', 'Amazon', 'training'), pathname: '/d', ua_pattern: 1 },
      // Outside the range used below.
      { at: '2026-02-01T10:00:00Z', ...ai('GPTBot', 'OpenAI', 'training'), pathname: '/old', ua_pattern: 1 },
    ]);
    await seedEvents(t, siteId, [
      // Two sessions from ChatGPT, one that turned AI after a direct first event: three OpenAI referrals.
      { at: '2026-03-10T13:00:00Z', session_id: 10, channel: 'AI', referrer: 'https://chatgpt.com/' },
      { at: '2026-03-10T13:01:00Z', session_id: 10, channel: 'Internal', pathname: '/a' },
      { at: '2026-03-10T14:00:00Z', session_id: 11, channel: 'AI', referrer: 'https://chatgpt.com/c/abc' },
      { at: '2026-03-11T08:00:00Z', session_id: 15, channel: 'Direct' },
      { at: '2026-03-11T08:05:00Z', session_id: 15, channel: 'AI', referrer: 'https://chatgpt.com/' },
      // One Perplexity referral (www subdomain), one from Claude (Anthropic: referrals, no crawls).
      { at: '2026-03-11T15:00:00Z', session_id: 12, channel: 'AI', referrer: 'https://www.perplexity.ai/search?q=x' },
      { at: '2026-03-12T15:00:00Z', session_id: 13, channel: 'AI', referrer: 'https://claude.ai/chat/1' },
      // Not AI referrals of a known operator.
      { at: '2026-03-12T16:00:00Z', session_id: 14, channel: 'Organic Search', referrer: 'https://www.google.com/', country: 'DE' },
      { at: '2026-03-12T17:00:00Z', session_id: 16, channel: 'AI', referrer: 'https://assistant.unknown.example/' },
      // Before the shared range. Search first, ChatGPT later: the channel is Organic Search, no referral.
      { at: '2026-02-20T18:00:00Z', session_id: 17, channel: 'Organic Search', referrer: 'https://www.bing.com/' },
      { at: '2026-02-20T18:05:00Z', session_id: 17, channel: 'AI', referrer: 'https://chatgpt.com/' },
      // Direct, then Claude, then search: the channel is AI, referred by Claude.
      { at: '2026-02-21T09:00:00Z', session_id: 18, channel: 'Direct' },
      { at: '2026-02-21T09:01:00Z', session_id: 18, channel: 'AI', referrer: 'https://claude.ai/new' },
      { at: '2026-02-21T09:02:00Z', session_id: 18, channel: 'Organic Search', referrer: 'https://www.google.com/' },
    ]);
  });
  afterAll(async () => t.close());

  const get = (url: string, credential: { cookie?: string; key?: string } | undefined = owner) =>
    call(t.app, credential, { method: 'GET', url: `/api/sites/${siteId}${url}` });
  const range = 'start_date=2026-03-01&end_date=2026-03-15';

  it('sums bot requests, all events and the bot share, with requests per detection layer', async () => {
    const res = await get(`/bots/overview?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { bot_requests: 9, total_events: 18, bot_percentage: 50, ua_pattern: 7, header_heuristics: 2, client_signals: 1, bot_asn: 1, rate_anomaly: 1 },
    });
  });

  it.each([
    ['ua_pattern', { bot_requests: 7, total_events: 16, bot_percentage: 43.75, ua_pattern: 7, header_heuristics: 1, client_signals: 0, bot_asn: 0, rate_anomaly: 0 }],
    ['header_heuristics', { bot_requests: 2, total_events: 11, bot_percentage: 18.18, ua_pattern: 1, header_heuristics: 2, client_signals: 1, bot_asn: 0, rate_anomaly: 0 }],
    ['client_signals', { bot_requests: 1, total_events: 10, bot_percentage: 10, ua_pattern: 0, header_heuristics: 1, client_signals: 1, bot_asn: 0, rate_anomaly: 0 }],
    ['bot_asn', { bot_requests: 1, total_events: 10, bot_percentage: 10, ua_pattern: 0, header_heuristics: 0, client_signals: 0, bot_asn: 1, rate_anomaly: 1 }],
    ['rate_anomaly', { bot_requests: 1, total_events: 10, bot_percentage: 10, ua_pattern: 0, header_heuristics: 0, client_signals: 0, bot_asn: 1, rate_anomaly: 1 }],
  ])('narrows the overview to layer=%s', async (layer, expected) => {
    expect((await get(`/bots/overview?${range}&layer=${layer}`)).json().data).toEqual(expected);
  });

  it('applies filters whose dimension bot rows have, to bot and human rows alike, and leaves session filters out', async () => {
    const country = encodeURIComponent(JSON.stringify([{ parameter: 'country', type: 'equals', value: ['DE'] }]));
    expect((await get(`/bots/overview?${range}&filters=${country}`)).json().data).toMatchObject({ bot_requests: 2, total_events: 3, bot_percentage: 66.67 });
    const channel = encodeURIComponent(JSON.stringify([{ parameter: 'channel', type: 'equals', value: ['AI'] }]));
    expect((await get(`/bots/overview?${range}&filters=${channel}`)).json().data).toMatchObject({ bot_requests: 9, total_events: 18 });
  });

  it('returns zero-filled day buckets, also per layer', async () => {
    const pairs = async (qs: string) =>
      ((await get(`/bots/time-series?start_date=2026-03-09&end_date=2026-03-14&bucket=day${qs}`)).json().data as Array<{ time: string; bot_requests: number }>)
        .map((row) => [row.time.slice(0, 10), row.bot_requests]);
    expect(await pairs('')).toEqual([['2026-03-09', 0], ['2026-03-10', 3], ['2026-03-11', 2], ['2026-03-12', 3], ['2026-03-13', 1], ['2026-03-14', 0]]);
    expect(await pairs('&layer=bot_asn')).toEqual([['2026-03-09', 0], ['2026-03-10', 0], ['2026-03-11', 0], ['2026-03-12', 1], ['2026-03-13', 0], ['2026-03-14', 0]]);
    const first = (await get(`/bots/time-series?start_date=2026-03-10&end_date=2026-03-10`)).json().data;
    expect(first).toEqual([{ time: '2026-03-10 00:00:00', bot_requests: 3 }]);
  });

  it('breaks bot requests down by a dimension, with shares and the number of distinct values', async () => {
    expect((await get(`/bots/by-dimension?${range}&dimension=bot_name`)).json()).toEqual({
      data: {
        data: [
          { value: '', count: 2, percentage: 22.22 },
          { value: 'GPTBot', count: 2, percentage: 22.22 },
          { value: 'Amazonbot', count: 1, percentage: 11.11 },
          { value: 'ChatGPT-User', count: 1, percentage: 11.11 },
          { value: 'Googlebot', count: 1, percentage: 11.11 },
          { value: 'OAI-SearchBot', count: 1, percentage: 11.11 },
          { value: 'PerplexityBot', count: 1, percentage: 11.11 },
        ],
        totalCount: 7,
      },
    });
    expect((await get(`/bots/by-dimension?${range}&dimension=pathname&layer=ua_pattern`)).json().data).toEqual({
      data: [
        { value: '/a', count: 4, percentage: 57.14 },
        { value: '/b', count: 1, percentage: 14.29 },
        { value: '/c', count: 1, percentage: 14.29 },
        { value: '/d', count: 1, percentage: 14.29 },
      ],
      totalCount: 4,
    });
    expect((await get(`/bots/by-dimension?${range}&dimension=asn&limit=2&page=1`)).json().data).toEqual({
      data: [{ value: '', count: 7, percentage: 77.78 }, { value: '16509', count: 1, percentage: 11.11 }],
      totalCount: 3,
    });
    expect((await get(`/bots/by-dimension?${range}&dimension=asn&limit=2&page=2`)).json().data).toEqual({
      data: [{ value: '8075', count: 1, percentage: 11.11 }],
      totalCount: 3,
    });
    expect((await get(`/bots/by-dimension?${range}&dimension=asn&limit=2&page=3`)).json().data).toEqual({ data: [], totalCount: 3 });
  });

  it('counts a referral only for a session whose first informative channel is AI', async () => {
    const res = await get('/bots/ai-summary?start_date=2026-02-20&end_date=2026-02-21');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        operator: 'Anthropic', crawls: 0, training_crawls: 0, search_crawls: 0, agent_requests: 0, pages: 0,
        referrals: 1, crawls_per_referral: 0, referrer_domains: expect.any(Array), bots: [],
      },
    ]);
  });

  it('sets crawls of each AI operator beside the human sessions its assistant referred', async () => {
    const res = await get(`/bots/ai-summary?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        operator: 'OpenAI', crawls: 4, training_crawls: 2, search_crawls: 1, agent_requests: 1, pages: 3,
        referrals: 3, crawls_per_referral: 1.33, referrer_domains: ['chatgpt.com', 'chat.openai.com'],
        bots: [
          { name: 'GPTBot', purpose: 'training', reads: 2, pages: 2 },
          { name: 'ChatGPT-User', purpose: 'agent', reads: 1, pages: 1 },
          { name: 'OAI-SearchBot', purpose: 'search', reads: 1, pages: 1 },
        ],
      },
      {
        operator: 'Perplexity', crawls: 1, training_crawls: 0, search_crawls: 1, agent_requests: 0, pages: 1,
        referrals: 1, crawls_per_referral: 1, referrer_domains: ['perplexity.ai', 'www.perplexity.ai'],
        bots: [{ name: 'PerplexityBot', purpose: 'search', reads: 1, pages: 1 }],
      },
      {
        operator: 'Amazon', crawls: 1, training_crawls: 1, search_crawls: 0, agent_requests: 0, pages: 1,
        referrals: 0, crawls_per_referral: null, referrer_domains: [],
        bots: [{ name: 'Amazonbot', purpose: 'training', reads: 1, pages: 1 }],
      },
      {
        operator: 'Anthropic', crawls: 0, training_crawls: 0, search_crawls: 0, agent_requests: 0, pages: 0,
        referrals: 1, crawls_per_referral: 0, referrer_domains: ['claude.ai'], bots: [],
      },
    ]);
  });

  it('narrows the crawls of the AI summary by layer, not the referrals', async () => {
    const data = (await get(`/bots/ai-summary?${range}&layer=header_heuristics`)).json().data as Array<Record<string, unknown>>;
    expect(data.map((row) => [row.operator, row.crawls, row.referrals, row.crawls_per_referral])).toEqual([
      ['OpenAI', 1, 3, 0.33],
      ['Anthropic', 0, 1, 0],
      ['Perplexity', 0, 1, 0],
    ]);
  });

  it.each([
    ['/bots/overview?layer=headers', 'layer'],
    ['/bots/time-series?layer=UA_PATTERN', 'layer'],
    ['/bots/by-dimension', 'dimension'],
    ['/bots/by-dimension?dimension=channel', 'dimension'],
    ['/bots/by-dimension?dimension=pathname&limit=5000', 'limit'],
    ['/bots/ai-summary?layer=x', 'layer'],
    ['/bots/time-series?bucket=fortnight', 'bucket'],
  ])('answers 400 naming the parameter for %s', async (url, parameter) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(parameter);
  });

  it('is readable without credentials on a public site, and needs analytics:read on a key', async () => {
    expect((await get(`/bots/overview?${range}`, undefined)).json().data.bot_requests).toBe(9);
    const key = await createOrganizationKey(t.app, owner, org, { name: 'ingest only', permissions: { ingest: ['write'] } });
    expect((await get(`/bots/ai-summary?${range}`, { key: key.key })).statusCode).toBe(403);
  });
});

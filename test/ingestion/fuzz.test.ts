// Fuzzing the tracking endpoints: thousands of random and mutated requests never get a 5xx, every acknowledged event is
// stored, and the app still tracks afterwards. Replay a failure with FUZZ_SEED=<seed> npx vitest run test/ingestion/fuzz.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { fuzzRequest, type FuzzRequest } from '../helpers/fuzz-payloads.js';
import { seededRandom, seedFromEnv } from '../helpers/seeded-random.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const SEED = seedFromEnv(20_260_310);
const REQUESTS = 3000;
const CONCURRENCY = 25;
const ALLOWED_STATUSES = [200, 400, 401, 403, 404, 429];

interface Answer {
  readonly index: number;
  readonly request: FuzzRequest;
  readonly status: number;
  readonly body: unknown;
}

function describeFailure(answer: Answer): string {
  const body = typeof answer.request.body === 'string' ? answer.request.body.slice(0, 300) : `<${answer.request.body.length} bytes>`;
  return `seed ${SEED}, request #${answer.index} (${answer.request.strategy} to ${answer.request.url}): ${body}`;
}

function hasTrackingShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || typeof (body as { success?: unknown }).success !== 'boolean') return false;
  const { success, error, details } = body as { success: boolean; error?: unknown; details?: { fieldErrors?: unknown; formErrors?: unknown } };
  if (success) return error === undefined;
  if (typeof error !== 'string') return false;
  return details === undefined || (typeof details.fieldErrors === 'object' && Array.isArray(details.formErrors));
}

/** Resolves with the promise's value, or rejects once `ms` pass (a stuck insert must fail the test, not hang it). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms).unref())]);
}

describe(`fuzzing the tracking endpoints (seed ${SEED})`, () => {
  let t: TestApp;
  let f: TrackingFixture;
  const answers: Answer[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    f = await createTrackingFixture(t.app, 'fuzz', 'example.com');
    const random = seededRandom(SEED);
    const target = { siteId: f.site.id, numericSiteId: f.site.siteId, key: f.key };
    const requests = Array.from({ length: REQUESTS }, () => fuzzRequest(random, target));
    for (let start = 0; start < requests.length; start += CONCURRENCY) {
      const batch = requests.slice(start, start + CONCURRENCY).map(async (request, offset) => {
        const response = await t.app.inject({ method: 'POST', url: request.url, headers: request.headers, payload: request.body });
        let body: unknown;
        try {
          body = response.json();
        } catch {
          body = response.body;
        }
        answers.push({ index: start + offset, request, status: response.statusCode, body });
      });
      await Promise.all(batch);
    }
  }, 240_000);
  afterAll(async () => t.close());

  it(`answers each of ${REQUESTS} requests with a 2xx or 4xx in the tracking error shape`, () => {
    expect(answers).toHaveLength(REQUESTS);
    const wrong = answers.filter((answer) => !ALLOWED_STATUSES.includes(answer.status) || !hasTrackingShape(answer.body));
    expect(wrong.map((answer) => `${answer.status} ${JSON.stringify(answer.body)} <- ${describeFailure(answer)}`)).toEqual([]);
  });

  it('exercised the interesting outcomes, not only one kind of rejection', () => {
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 404]));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(300);
    expect(answers.filter((answer) => answer.status === 400).length).toBeGreaterThan(1000);
  });

  it('stores every event and identity it acknowledged, once', async () => {
    await within(t.services.ingestion.flush(), 30_000, 'flushing the fuzzed events');
    const acknowledged = (url: string) =>
      answers.filter((answer) => answer.request.url === url && answer.status === 200 && JSON.stringify(answer.body) === '{"success":true}').length;
    const [stored] = await rows<{ events: string; bots: string; identities: string }>(
      t,
      'SELECT (SELECT count() FROM events) AS events, (SELECT count() FROM bot_events) AS bots, (SELECT count() FROM user_identities) AS identities',
    );
    expect(Number(stored?.events) + Number(stored?.bots)).toBe(acknowledged('/api/track'));
    expect(Number(stored?.identities)).toBe(acknowledged('/api/identify'));
  });

  it('still tracks a valid event afterwards', async () => {
    const response = await track(t.app, { site_id: f.site.id, pathname: '/after-fuzz' }, { headers: browserHeaders({ forwardedFor: '8.8.8.8' }), key: f.key });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    await within(t.services.ingestion.flush(), 10_000, 'flushing the final event');
    expect(await rows(t, 'SELECT pathname FROM events WHERE pathname = {path:String}', { path: '/after-fuzz' })).toEqual([{ pathname: '/after-fuzz' }]);
  });
});

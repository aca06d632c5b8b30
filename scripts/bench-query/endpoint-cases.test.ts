// The case file parses, and each case becomes the request it names (placeholders, common parameters, body).
import { describe, expect, it } from 'vitest';
import { caseRequest, loadEndpointCases, withProbes, type EndpointCase } from './endpoint-cases.js';

const values = { sessionId: '123', userId: 'u 1/a', errorMessage: "Can't find variable: gtag", eventName: 'signup' };
const common = { start_date: '2026-10-22', end_date: '2026-11-21' };

function entry(overrides: Partial<EndpointCase>): EndpointCase {
  return { name: 'x', method: 'GET', path: '/overview', query: {}, raw: 'overview', targetMs: 500, ...overrides };
}

describe('loadEndpointCases', () => {
  it('reads every case with its target: 100 ms for /overview, the default (250 ms) for the rest', () => {
    const cases = loadEndpointCases();
    expect(cases.find((c) => c.name === 'overview')?.targetMs).toBe(100);
    expect(cases.find((c) => c.name === 'retention')?.targetMs).toBe(250);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });
});

describe('caseRequest', () => {
  it.each([
    [entry({}), '/api/sites/7/overview?start_date=2026-10-22&end_date=2026-11-21'],
    [entry({ path: '/sessions/$sessionId' }), '/api/sites/7/sessions/123?start_date=2026-10-22&end_date=2026-11-21'],
    [entry({ path: '/users/$userId' }), '/api/sites/7/users/u%201%2Fa?start_date=2026-10-22&end_date=2026-11-21'],
    [
      entry({ path: '/errors/events', query: { errorMessage: '$errorMessage' } }),
      "/api/sites/7/errors/events?start_date=2026-10-22&end_date=2026-11-21&errorMessage=Can%27t+find+variable%3A+gtag",
    ],
    [entry({ path: '/metric', query: { parameter: 'country' } }), '/api/sites/7/metric?start_date=2026-10-22&end_date=2026-11-21&parameter=country'],
  ])('%#: %s', (c, url) => {
    expect(caseRequest(c, 7, values, common)).toEqual({ method: 'GET', url });
  });

  it('sends a POST body as JSON', () => {
    const request = caseRequest(entry({ method: 'POST', path: '/funnels/analyze', body: { steps: [1, 2] } }), 1, values, {});
    expect(request).toEqual({ method: 'POST', url: '/api/sites/1/funnels/analyze?', body: '{"steps":[1,2]}' });
  });
});

describe('withProbes', () => {
  it('refuses an unknown placeholder', () => {
    expect(() => withProbes('/x/$nothing', values)).toThrow('unknown placeholder $nothing in /x/$nothing');
  });
});

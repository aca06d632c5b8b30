// The OpenAPI document declares the 200 bodies of the performance and bot reports, field by field, so the
// dashboard's types are generated rather than hand-written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface JsonSchema { type?: string | string[]; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; required?: string[] }

const QUANTILES = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'].flatMap((vital) => ['p50', 'p75', 'p90', 'p99'].map((suffix) => `${vital}_${suffix}`));
const MEANS = ['lcp_avg', 'cls_avg', 'inp_avg', 'fcp_avg', 'ttfb_avg'];
const LAYERS = ['ua_pattern', 'header_heuristics', 'client_signals', 'bot_asn', 'rate_anomaly'];

describe('OpenAPI of the performance and bot reports', () => {
  let t: TestApp;
  let paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> } }>;

  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });
  afterAll(async () => t.close());

  /** The schema at `steps` (property names, `[]` for an array's items) inside the 200 body of GET `path`. */
  const bodyAt = (path: string, ...steps: string[]): JsonSchema => {
    let schema = paths[`/api/sites/{site}${path}`]?.get?.responses['200']?.content?.['application/json']?.schema;
    for (const step of steps) schema = step === '[]' ? schema?.items : schema?.properties?.[step];
    if (!schema) throw new Error(`${path}: no schema at ${steps.join('.')}`);
    return schema;
  };
  const fields = (schema: JsonSchema) => Object.keys(schema.properties ?? {}).sort();
  /** The JSON types a schema admits (`type`, or the types of its `anyOf` branches). */
  const types = (schema: JsonSchema): string[] =>
    schema.anyOf ? schema.anyOf.flatMap(types).sort() : ([] as string[]).concat(schema.type ?? []).sort();

  it.each([
    ['/performance/overview', ['data'], [...QUANTILES, 'total_performance_events']],
    ['/performance/time-series', ['data', '[]'], [...QUANTILES, 'event_count', 'time']],
    [
      '/performance/by-dimension', ['data', 'data', '[]'],
      [...QUANTILES, ...MEANS, 'event_count', 'pathname', 'country', 'device_type', 'browser', 'operating_system', 'region'],
    ],
    ['/bots/overview', ['data'], ['bot_requests', 'total_events', 'bot_percentage', ...LAYERS]],
    ['/bots/time-series', ['data', '[]'], ['time', 'bot_requests']],
    ['/bots/by-dimension', ['data', 'data', '[]'], ['value', 'count', 'percentage']],
    [
      '/bots/ai-summary', ['data', '[]'],
      ['operator', 'crawls', 'training_crawls', 'search_crawls', 'agent_requests', 'pages', 'referrals', 'crawls_per_referral', 'referrer_domains', 'bots'],
    ],
    ['/bots/ai-summary', ['data', '[]', 'bots', '[]'], ['name', 'purpose', 'reads', 'pages']],
  ])('declares the fields of %s at %j', (path, steps, expected) => {
    expect(fields(bodyAt(path, ...steps))).toEqual([...expected].sort());
  });

  it('marks which figures may be null and which dimension fields are optional', () => {
    const row = bodyAt('/performance/by-dimension', 'data', 'data', '[]');
    expect(row.required).not.toContain('pathname');
    expect(row.required).toEqual(expect.arrayContaining(['event_count', 'lcp_p75', 'cls_avg']));
    expect(types(bodyAt('/performance/overview', 'data', 'lcp_p75'))).toEqual(['null', 'number']);
    expect(types(bodyAt('/bots/ai-summary', 'data', '[]', 'crawls_per_referral'))).toEqual(['null', 'number']);
    expect(types(bodyAt('/bots/overview', 'data', 'bot_requests'))).toEqual(['integer']);
    expect(types(bodyAt('/bots/by-dimension', 'data', 'totalCount'))).toEqual(['integer']);
  });
});

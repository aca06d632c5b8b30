// The journeys, retention and error reports declare their 200 answers in /api/openapi.json (the dashboard's types come from them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface JsonSchema { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; additionalProperties?: JsonSchema }

describe('answer schemas of the journeys, retention and error reports', () => {
  let t: TestApp;
  let paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> } }>;
  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  });
  afterAll(async () => t.close());

  const answerOf = (path: string): JsonSchema => {
    const schema = paths[`/api/sites/{site}${path}`]?.get.responses['200']?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${path}: no 200 answer schema`);
    return schema;
  };
  const keys = (schema: JsonSchema | undefined) => Object.keys(schema?.properties ?? {}).sort();

  it('describes a journey as its pages, count and percentage', () => {
    expect(keys(answerOf('/journeys'))).toEqual(['journeys']);
    expect(keys(answerOf('/journeys').properties?.journeys?.items)).toEqual(['count', 'path', 'percentage']);
  });

  it('describes the retention grid: cohorts by day with size and percentages', () => {
    const data = answerOf('/retention').properties?.data;
    expect(keys(data)).toEqual(['cohorts', 'maxPeriods', 'mode', 'range']);
    expect(keys(data?.properties?.cohorts?.additionalProperties)).toEqual(['percentages', 'size']);
  });

  it.each([
    ['/errors/names', ['count', 'errorName', 'percentage', 'sessionCount', 'value']],
    ['/errors/events', ['browser', 'browser_version', 'city', 'columnNumber', 'country', 'device_type', 'fileName', 'has_replay', 'hostname', 'identified_user_id',
      'lineNumber', 'message', 'operating_system', 'operating_system_version', 'page_title', 'pathname', 'referrer', 'region', 'session_id', 'stack',
      'timestamp', 'user_id']],
  ])('describes %s as a list or, with page, a counted page of the same rows', (path, rowKeys) => {
    const [list, page] = answerOf(path).properties?.data?.anyOf ?? [];
    expect(keys(list?.items)).toEqual(rowKeys);
    expect(keys(page)).toEqual(['data', 'totalCount']);
    expect(keys(page?.properties?.data?.items)).toEqual(rowKeys);
  });

  it('describes an error time series bucket as its start and count', () => {
    expect(keys(answerOf('/errors/time-series'))).toEqual(['data', 'success']);
    expect(keys(answerOf('/errors/time-series').properties?.data?.items)).toEqual(['error_count', 'time']);
  });
});

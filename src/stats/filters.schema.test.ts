// Validation of the filters parameter and of a segment's stored filters.
import { describe, expect, it } from 'vitest';
import { StatsParamError } from './bad-request-error.js';
import { parseFiltersParam, validateFilters } from './filters.schema.js';

function errorOf(run: () => unknown): { parameter: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof StatsParamError) return { parameter: error.parameter, message: error.message };
    throw error;
  }
  throw new Error('expected a StatsParamError');
}

describe('parseFiltersParam', () => {
  it('parses a filter list, defaulting a missing value to none', () => {
    expect(
      parseFiltersParam('[{"parameter":"country","type":"equals","value":["US",1]},{"parameter":"city","type":"is_null"}]'),
    ).toEqual([
      { parameter: 'country', type: 'equals', value: ['US', 1] },
      { parameter: 'city', type: 'is_null', value: [] },
    ]);
  });

  it('treats an absent parameter as no filters', () => {
    expect(parseFiltersParam(undefined)).toEqual([]);
  });

  it.each<[string, string, string]>([
    ['malformed JSON', '[{', 'Invalid filters: not valid JSON'],
    ['not an array', '{"parameter":"country"}', 'Invalid filters: expected an array of {parameter, type, value} objects'],
    ['a missing type', '[{"parameter":"country","value":["US"]}]', 'Invalid filters: expected an array of {parameter, type, value} objects'],
    ['a value that is not an array', '[{"parameter":"country","type":"equals","value":"US"}]', 'Invalid filters: expected an array of {parameter, type, value} objects'],
    ['a boolean value', '[{"parameter":"country","type":"equals","value":[true]}]', 'Invalid filters: expected an array of {parameter, type, value} objects'],
    ['an unknown parameter', '[{"parameter":"foo","type":"equals","value":["x"]}]', "Invalid filters: unknown parameter 'foo'"],
    ['an empty url_param name', '[{"parameter":"url_param:","type":"equals","value":["x"]}]', "Invalid filters: unknown parameter 'url_param:'"],
    ['an unknown type', '[{"parameter":"country","type":"like","value":["x"]}]', "Invalid filters: unknown type 'like'"],
    ['no values', '[{"parameter":"country","type":"equals","value":[]}]', 'Invalid filters: country equals needs at least one value'],
    ['a bad regex', '[{"parameter":"pathname","type":"regex","value":["(a"]}]', "Invalid filters: bad regex '(a' (does not compile)"],
    ['a lookahead', '[{"parameter":"pathname","type":"not_regex","value":["a(?=b)"]}]', "Invalid filters: bad regex 'a(?=b)' (lookaround is not supported)"],
  ])('rejects %s', (_name, json, message) => {
    expect(errorOf(() => parseFiltersParam(json))).toEqual({ parameter: 'filters', message });
  });

  it('rejects more than 50 filters', () => {
    const many = JSON.stringify(Array.from({ length: 51 }, () => ({ parameter: 'country', type: 'is_null' })));
    expect(errorOf(() => parseFiltersParam(many)).message).toBe('Invalid filters: at most 50 filters');
  });
});

describe('validateFilters', () => {
  it('names the parameter it was given', () => {
    expect(errorOf(() => validateFilters([{ parameter: 'x', type: 'equals', value: ['y'] }], 'segment_id'))).toEqual({
      parameter: 'segment_id',
      message: "Invalid segment_id: unknown parameter 'x'",
    });
  });

  it('ignores unknown keys of a filter object', () => {
    expect(validateFilters([{ parameter: 'tag', type: 'equals', value: ['a'], label: 'x' }])).toEqual([
      { parameter: 'tag', type: 'equals', value: ['a'] },
    ]);
  });
});

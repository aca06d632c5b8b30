// Parsing the common reporting parameters into a StatsQuery, and the 400 message each bad one earns.
import { describe, expect, it } from 'vitest';
import { StatsParamError } from './bad-request-error.js';
import { parseCommonParams, type ParseCommonParamsOptions } from './common-params.schema.js';

const NOW = new Date('2024-11-20T15:30:00.000Z');
const SITE: ParseCommonParamsOptions = { siteId: 3 };

async function errorOf(query: unknown, options: ParseCommonParamsOptions = SITE) {
  try {
    await parseCommonParams(query, NOW, options);
  } catch (error) {
    if (error instanceof StatsParamError) return { parameter: error.parameter, message: error.message };
    throw error;
  }
  throw new Error('expected a StatsParamError');
}

describe('parseCommonParams', () => {
  it('reads every parameter', async () => {
    const query = await parseCommonParams(
      {
        start_date: '2024-03-10',
        end_date: '2024-03-10',
        time_zone: 'America/New_York',
        filters: '[{"parameter":"country","type":"equals","value":["US"]}]',
        bucket: 'hour',
        page: '2',
      },
      NOW,
      SITE,
    );
    expect(query).toEqual({
      siteId: 3,
      range: {
        from: new Date('2024-03-10T05:00:00.000Z'),
        to: new Date('2024-03-11T04:00:00.000Z'),
        toInclusive: false,
        timeZone: 'America/New_York',
      },
      filters: [{ parameter: 'country', type: 'equals', value: ['US'] }],
      bucket: 'hour',
    });
  });

  it('counts empty values as absent', async () => {
    const empty = Object.fromEntries(
      ['start_date', 'end_date', 'time_zone', 'start_datetime', 'end_datetime', 'past_minutes_start', 'past_minutes_end', 'filters', 'segment_id', 'bucket'].map(
        (name) => [name, ''],
      ),
    );
    expect(await parseCommonParams(empty, NOW, SITE)).toEqual({
      siteId: 3,
      range: { toInclusive: false, timeZone: 'UTC' },
      filters: [],
      bucket: undefined,
    });
  });

  it('treats a missing query as no parameters', async () => {
    expect((await parseCommonParams(undefined, NOW, SITE)).range).toEqual({ toInclusive: false, timeZone: 'UTC' });
  });

  it('reads past minutes given as text or numbers', async () => {
    const fromText = await parseCommonParams({ past_minutes_start: '30', past_minutes_end: '0' }, NOW, SITE);
    const fromNumbers = await parseCommonParams({ past_minutes_start: 30, past_minutes_end: 0 }, NOW, SITE);
    expect(fromText.range).toEqual({
      from: new Date('2024-11-20T15:00:00.001Z'),
      to: NOW,
      toInclusive: true,
      timeZone: 'UTC',
    });
    expect(fromNumbers.range).toEqual(fromText.range);
  });

  it("adds a segment's filters after the query's", async () => {
    const asked: number[] = [];
    const query = await parseCommonParams(
      { segment_id: '12', filters: '[{"parameter":"country","type":"equals","value":["US"]}]' },
      NOW,
      {
        siteId: 3,
        resolveSegment: async (id) => {
          asked.push(id);
          return [{ parameter: 'channel', type: 'equals', value: ['Email'] }];
        },
      },
    );
    expect(asked).toEqual([12]);
    expect(query.filters).toEqual([
      { parameter: 'country', type: 'equals', value: ['US'] },
      { parameter: 'channel', type: 'equals', value: ['Email'] },
    ]);
  });

  it("reads a segment's filters stored as JSON text", async () => {
    const query = await parseCommonParams({ segment_id: '1' }, NOW, {
      siteId: 3,
      resolveSegment: async () => '[{"parameter":"tag","type":"is_not_null"}]',
    });
    expect(query.filters).toEqual([{ parameter: 'tag', type: 'is_not_null', value: [] }]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['start_date', { start_date: 'June 1', end_date: '2024-06-01' }, 'start_date', 'Invalid start_date: expected YYYY-MM-DD'],
    ['end_date', { start_date: '2024-06-01', end_date: '2024-6-2' }, 'end_date', 'Invalid end_date: expected YYYY-MM-DD'],
    ['one date only', { start_date: '2024-06-01' }, 'end_date', 'start_date and end_date must be given together'],
    ['time_zone', { time_zone: 'Mars/Olympus' }, 'time_zone', 'Invalid time_zone'],
    ['a repeated time_zone', { time_zone: ['UTC', 'UTC'] }, 'time_zone', 'Invalid time_zone'],
    ['start_datetime', { start_datetime: 'yesterday', end_datetime: '2024-06-01 00:00:00' }, 'start_datetime', 'Invalid start_datetime'],
    ['end_datetime', { start_datetime: '2024-06-01 00:00:00', end_datetime: '2024-06-01 24:00:00' }, 'end_datetime', 'Invalid end_datetime'],
    ['past_minutes_start', { past_minutes_start: 'ten', past_minutes_end: '0' }, 'past_minutes_start', 'Invalid past_minutes_start: expected a number from 0 to 52704000'],
    ['past_minutes_start beyond a century', { past_minutes_start: '99999999999999999999', past_minutes_end: '0' }, 'past_minutes_start', 'Invalid past_minutes_start: expected a number from 0 to 52704000'],
    ['past_minutes_end', { past_minutes_start: '10', past_minutes_end: '-1' }, 'past_minutes_end', 'Invalid past_minutes_end: expected a number from 0 to 52704000'],
    ['segment_id beyond a 32-bit id', { segment_id: '2147483648' }, 'segment_id', 'Invalid segment_id: expected a positive integer'],
    ['past minutes in the wrong order', { past_minutes_start: '5', past_minutes_end: '10' }, 'past_minutes_start', 'past_minutes_start must be greater than past_minutes_end'],
    ['filters JSON', { filters: '[{"parameter"' }, 'filters', 'Invalid filters: not valid JSON'],
    ['a filter parameter', { filters: '[{"parameter":"foo","type":"equals","value":["x"]}]' }, 'filters', "Invalid filters: unknown parameter 'foo'"],
    ['a filter type', { filters: '[{"parameter":"country","type":"near","value":["x"]}]' }, 'filters', "Invalid filters: unknown type 'near'"],
    ['a filter regex', { filters: '[{"parameter":"pathname","type":"regex","value":["["]}]' }, 'filters', "Invalid filters: bad regex '[' (does not compile)"],
    ['segment_id', { segment_id: 'abc' }, 'segment_id', 'Invalid segment_id: expected a positive integer'],
    ['a zero segment_id', { segment_id: '0' }, 'segment_id', 'Invalid segment_id: expected a positive integer'],
    ['bucket', { bucket: 'fortnight' }, 'bucket', 'Invalid bucket: expected one of minute, five_minutes, ten_minutes, fifteen_minutes, hour, day, week, month, year'],
  ])('names the bad parameter: %s', async (_name, query, parameter, message) => {
    expect(await errorOf(query)).toEqual({ parameter, message });
  });

  it.each<[string, ParseCommonParamsOptions, string]>([
    ['an unknown segment', { siteId: 3, resolveSegment: async () => undefined }, 'Invalid segment_id: no segment 5 for this site'],
    ['no segment lookup', { siteId: 3 }, 'Invalid segment_id: no segment 5 for this site'],
    [
      'a segment with a bad filter',
      { siteId: 3, resolveSegment: async () => [{ parameter: 'x', type: 'equals', value: ['y'] }] },
      "Invalid segment_id: unknown parameter 'x'",
    ],
    ['a segment with broken JSON', { siteId: 3, resolveSegment: async () => '[' }, 'Invalid segment_id: its filters are not valid JSON'],
  ])('rejects %s', async (_name, options, message) => {
    expect(await errorOf({ segment_id: '5' }, options)).toEqual({ parameter: 'segment_id', message });
  });
});

// baseWhere: site, time range and filters as one flat condition.
import { describe, expect, it } from 'vitest';
import { baseWhere } from './stats-query.js';

describe('baseWhere', () => {
  it('is just the site for all time without filters', () => {
    expect(baseWhere({ siteId: 4, range: { toInclusive: false, timeZone: 'UTC' }, filters: [] })).toEqual({
      sql: 'site_id = {siteId:UInt32}',
      params: { siteId: 4 },
    });
  });

  it('ANDs site, range bounds and filters flat', () => {
    expect(
      baseWhere({
        siteId: 4,
        range: { from: new Date('2024-06-01T00:00:00Z'), to: new Date('2024-06-01T12:00:00Z'), toInclusive: true, timeZone: 'UTC' },
        filters: [{ parameter: 'country', type: 'equals', value: ['US'] }],
      }),
    ).toEqual({
      sql:
        "(site_id = {siteId:UInt32}) AND (timestamp >= {range_from:DateTime64(3, 'UTC')}) AND " +
        "(timestamp <= {range_to:DateTime64(3, 'UTC')}) AND (country = {f0_0:String})",
      params: { siteId: 4, range_from: '2024-06-01 00:00:00.000', range_to: '2024-06-01 12:00:00.000', f0_0: 'US' },
    });
  });

  it('refuses a site id that is not a UInt32 above zero', () => {
    expect(() => baseWhere({ siteId: 0, range: { toInclusive: false, timeZone: 'UTC' }, filters: [] })).toThrow('Bad site id 0');
  });
});

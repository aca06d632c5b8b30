// The rows a report's CSV holds, per answer shape, and the CSV text of one answer.
import { describe, expect, it } from 'vitest';
import { reportCsv, reportRows, wantsCsv } from './report-csv.js';

describe('reportRows', () => {
  it.each([
    ['a list in data', { data: [{ a: 1 }, { a: 2 }], meta: { total: 2 } }, [{ a: 1 }, { a: 2 }]],
    ['an empty list in data', { data: [] }, []],
    ['a data list inside data', { data: { data: [{ value: '/', count: 3 }], totalCount: 1 } }, [{ value: '/', count: 3 }]],
    ['an empty data list inside data', { data: { data: [], totalCount: 0 } }, []],
    ['the one list of objects of an answer without data', { journeys: [{ path: ['/'], count: 2 }] }, [{ path: ['/'], count: 2 }]],
    ['the one list of objects beside an object', { data: { session: { id: '1' }, events: [{ type: 'pageview' }], pagination: { total: 1 } } }, [{ type: 'pageview' }]],
    ['an object of objects', { data: { cohorts: { '2026-03-02': { size: 2, percentages: [100, 50] } }, mode: 'week' } }, [{ key: '2026-03-02', size: 2, percentages: [100, 50] }]],
    ['one object of figures', { data: { sessions: 3, bounce_rate: 66.67 } }, [{ sessions: 3, bounce_rate: 66.67 }]],
    ['an object with several lists', { data: { user_id: 'a', devices: [{ b: 1 }], locations: [{ c: 1 }] } }, [{ user_id: 'a', devices: [{ b: 1 }], locations: [{ c: 1 }] }]],
    ['a bare figure', { count: 4 }, [{ count: 4 }]],
    ['a scalar', 7, [{ value: 7 }]],
  ] as const)('%s', (_shape, answer, rows) => {
    expect(reportRows(answer)).toEqual(rows);
  });
});

describe('reportCsv', () => {
  it('writes every field of every row, lists and objects as JSON text, formula cells guarded', () => {
    const csv = reportCsv({ data: [{ value: '=1+1', count: 2 }, { value: '/a,b', count: -1, props: { plan: 'pro' } }] });
    expect(csv).toBe('value,count,props\r\n\'=1+1,2,\r\n"/a,b",-1,"{""plan"":""pro""}"\r\n');
  });

  it('writes the header alone for no rows', () => {
    expect(reportCsv({ data: [] })).toBe('\r\n');
  });
});

describe('wantsCsv', () => {
  it.each([
    ['csv', undefined, true],
    ['json', 'text/csv', false],
    [undefined, 'text/csv', true],
    [undefined, 'Text/CSV;q=1, application/json;q=0.5', true],
    [undefined, 'application/json', false],
    [undefined, undefined, false],
  ] as const)('format %s, Accept %s -> %s', (format, accept, expected) => {
    expect(wantsCsv(format, accept)).toBe(expected);
  });
});

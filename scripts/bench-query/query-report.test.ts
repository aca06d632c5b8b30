// The table's figures, ratio and verdict per row, and its alignment.
import { describe, expect, it } from 'vitest';
import { ratioOf, renderQueryTable, tableRow, verdictOf, type ReportRow } from './query-report.js';

function row(overrides: Partial<ReportRow>): ReportRow {
  return { endpoint: 'overview', filter: 'none', p50Ms: 120, p95Ms: 180.4, rawP50Ms: 100, targetMs: 150, sameAnswer: true, cpuMsHttp: 150, cpuMsRaw: 100, otherCpuHttp: 12.4, otherCpuRaw: undefined, ...overrides };
}

describe('verdictOf', () => {
  it.each([
    [row({}), 'yes'],
    [row({ p50Ms: 150, rawP50Ms: 140 }), 'NO (p50)'],
    [row({ p50Ms: 149, rawP50Ms: 100 }), 'yes'],
    [row({ rawP50Ms: 80 }), 'NO (ratio)'],
    [row({ p50Ms: 600, rawP50Ms: 100 }), 'NO (p50, ratio)'],
    [row({ rawP50Ms: undefined }), 'NO (no raw)'],
    [row({ p50Ms: undefined, error: 'HTTP 500' }), 'error'],
  ])('%#: %s', (r, expected) => {
    expect(verdictOf(r)).toBe(expected);
  });
});

describe('tableRow', () => {
  it('rounds to whole ms from 10 ms, to 0.1 ms below; marks the answer check', () => {
    expect(tableRow(row({ p50Ms: 8.26, p95Ms: 12.5, rawP50Ms: 7.01, sameAnswer: false }))).toEqual(
      ['overview', 'none', '8.3', '13', '7.0', '1.18', '< 150 ms', 'yes', '✗', '150/100', '1.50', '12/-'],
    );
    expect(tableRow(row({ sameAnswer: undefined, rawP50Ms: undefined }))[8]).toBe('');
    expect(tableRow(row({ cpuMsRaw: undefined })).slice(9)).toEqual(['150/-', '-', '12/-']);
    expect(ratioOf(row({ rawP50Ms: 0 }))).toBeUndefined();
  });
});

describe('renderQueryTable', () => {
  it('aligns text left and numbers right under a rule', () => {
    const text = renderQueryTable([row({}), row({ endpoint: 'metric country', filter: 'country=US', p50Ms: 1234, rawP50Ms: 1000, targetMs: 500 })]);
    expect(text.split('\n')).toEqual([
      'endpoint       | filter     | p50 ms | p95 ms | raw p50 ms | ratio | target   | met?     | same answer | CPU ms http/raw | CPU ratio | other CPU % http/raw',
      '---------------|------------|--------|--------|------------|-------|----------|----------|-------------|-----------------|-----------|---------------------',
      'overview       | none       |    120 |    180 |        100 |  1.20 | < 150 ms | yes      | ✓           |         150/100 |      1.50 |                 12/-',
      'metric country | country=US |   1234 |    180 |       1000 |  1.23 | < 500 ms | NO (p50) | ✓           |         150/100 |      1.50 |                 12/-',
    ]);
  });
});

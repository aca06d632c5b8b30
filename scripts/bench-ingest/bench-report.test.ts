// The report's table layout and the verdict on the targets.
import { describe, expect, it } from 'vitest';
import { evaluateTargets, median, renderHalfLoadContext, renderTable, renderThreadSplit, renderVerdict, tableRow, throughputRatio, type PhaseMeasurement } from './bench-report.js';
import type { PhaseResult } from './latency-recorder.js';

function phase(overrides: Partial<PhaseMeasurement>): PhaseMeasurement {
  return {
    label: 'x',
    phase: 'max throughput',
    server: 'ours',
    durationSeconds: 15,
    sent: 1000,
    responses: 1000,
    acknowledged: 1000,
    statusCounts: { '200': 1000 },
    mismatches: 0,
    errors: 0,
    samples: [],
    eventsPerSecond: 1000,
    p50Ms: 1.234,
    p99Ms: 9.876,
    maxMs: 20.04,
    peakRssMb: 512.4,
    serverCpuPercent: 99.6,
    serverCpuMicrosPerEvent: 996.4,
    threadCpuMicrosPerEvent: { 'event loop': 500, 'Node threads': 150, engine: 340 },
    generatorCpuPercent: 80.2,
    otherCpuPercent: 1.4,
    ...overrides,
  };
}

const result = (overrides: Partial<PhaseResult>): PhaseResult => phase(overrides);

describe('evaluateTargets', () => {
  const cases: Array<[string, PhaseResult, PhaseResult, PhaseResult, { ratio: number; ratioMet: boolean; p99Met: boolean; keptUp: boolean }]> = [
    ['both met', result({ eventsPerSecond: 6000 }), result({ eventsPerSecond: 10000 }), result({ eventsPerSecond: 4990, targetRate: 5000, p99Ms: 49.9 }), { ratio: 0.6, ratioMet: true, p99Met: true, keptUp: true }],
    ['ratio just below', result({ eventsPerSecond: 5999 }), result({ eventsPerSecond: 10000 }), result({ eventsPerSecond: 5000, targetRate: 5000, p99Ms: 3 }), { ratio: 0.5999, ratioMet: false, p99Met: true, keptUp: true }],
    ['p99 at the limit', result({ eventsPerSecond: 8000 }), result({ eventsPerSecond: 10000 }), result({ eventsPerSecond: 5000, targetRate: 5000, p99Ms: 50 }), { ratio: 0.8, ratioMet: true, p99Met: false, keptUp: true }],
    ['fell behind the rate', result({ eventsPerSecond: 8000 }), result({ eventsPerSecond: 10000 }), result({ eventsPerSecond: 4700, targetRate: 5000, p99Ms: 5 }), { ratio: 0.8, ratioMet: true, p99Met: false, keptUp: false }],
    ['answered errors', result({ eventsPerSecond: 8000 }), result({ eventsPerSecond: 10000 }), result({ eventsPerSecond: 5000, targetRate: 5000, p99Ms: 5, responses: 1001 }), { ratio: 0.8, ratioMet: true, p99Met: false, keptUp: false }],
    ['no baseline', result({ eventsPerSecond: 8000 }), result({ eventsPerSecond: 0 }), result({ eventsPerSecond: 1, targetRate: 1, p99Ms: 5 }), { ratio: 0, ratioMet: false, p99Met: true, keptUp: true }],
  ];
  it.each(cases)('%s', (_name, oursMax, bareMax, halfLoad, expected) => {
    const verdict = evaluateTargets(throughputRatio(oursMax, bareMax), halfLoad);
    expect({ ratio: Number(verdict.ratio.toFixed(4)), ratioMet: verdict.ratioMet, p99Met: verdict.p99Met, keptUp: verdict.keptUp }).toEqual(expected);
  });
});

describe('report text', () => {
  it('formats one row with rounded figures and non-2xx plus unexpected bodies counted together', () => {
    const row = tableRow(phase({ eventsPerSecond: 12345.6, statusCounts: { '200': 990, '503': 7, '400': 1 }, mismatches: 2, errors: 3 }));
    expect(row).toEqual(['max throughput', 'ours', '12,346', '1.23', '9.88', '20.0', '512', '100', '996', '80', '1', '10', '3']);
  });

  it('aligns the table: text left, numbers right, a rule under the header', () => {
    const table = renderTable([phase({ server: 'bare', eventsPerSecond: 9 }), phase({ eventsPerSecond: 12000 })]).split('\n');
    expect(table).toHaveLength(4);
    expect(table[1]).toMatch(/^-+-\|-/);
    expect(table[2]).toContain('| bare   |        9 |');
    expect(table[3]).toContain('| ours   |   12,000 |');
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
  });

  it('prints both verdicts with MET / NOT MET', () => {
    const text = renderVerdict({ ratio: 0.612, ratioMet: true, p99Ms: 61.25, p99Met: false, keptUp: true }, '5000/s');
    expect(text).toBe(
      'ratio ours/bare on events/s (max throughput, median of the rounds): 0.612  target >= 0.6: MET\n' +
        "p99 of ours at the bare server's half-load rate (5000/s): 61.25 ms  target < 50 ms: NOT MET",
    );
  });
});

describe('renderHalfLoadContext', () => {
  it("prints the bare server's own p99s at the rate and the share of ours' max throughput it asks for", () => {
    expect(renderHalfLoadContext({ rate: 8923, oursMaxEventsPerSecond: 12811, bareOverallRateP99Ms: 9.7, barePacedP99Ms: 92.671 })).toBe(
      "  at 8923/s the bare server's own p99 was 9.70 ms (overallRate) and 92.67 ms (paced); the rate is 70 % of ours' own max throughput (12811 events/s, median of the rounds)",
    );
  });

  it('prints a 0 % share when ours answered nothing at max throughput', () => {
    expect(renderHalfLoadContext({ rate: 100, oursMaxEventsPerSecond: 0, bareOverallRateP99Ms: 1, barePacedP99Ms: 2 })).toContain('the rate is 0 % of');
  });
});

describe('renderThreadSplit', () => {
  it('prints the median of each kind of thread over the phases', () => {
    const split = (eventLoop: number, engine: number) => phase({ threadCpuMicrosPerEvent: { 'event loop': eventLoop, 'Node threads': 20.4, engine } });
    expect(renderThreadSplit('ours', [split(40, 12), split(36, 14.6), split(44, 9)])).toBe(
      '  ours: event loop 40, Node threads 20, engine 12 µs',
    );
  });
});

describe('median', () => {
  it('takes the middle value, the mean of the middle two for an even count, and 0 for none', () => {
    expect([median([0.5, 0.3, 0.9]), median([4, 1, 3, 2]), median([]), median([7])]).toEqual([0.5, 2.5, 0, 7]);
  });
});

// What a phase reports from the responses it saw.
import { describe, expect, it } from 'vitest';
import { LatencyRecorder } from './latency-recorder.js';

describe('LatencyRecorder', () => {
  it('counts acknowledged events, other statuses, unexpected bodies and errors, and percentiles in ms', () => {
    const recorder = new LatencyRecorder();
    for (let i = 0; i < 101; i += 1) recorder.sent();
    for (let i = 1; i <= 100; i += 1) recorder.latency(i / 10);
    for (let i = 0; i < 96; i += 1) recorder.outcome(200, '{"success":true}');
    recorder.outcome(200, '{"success":true,"message":"Event not tracked - IP excluded"}');
    recorder.outcome(503, '{"success":false,"error":"Service busy, retry shortly"}');
    recorder.outcome(400, '{"success":false}');
    recorder.error('connect ECONNREFUSED');
    const result = recorder.result('max', 2, 50);
    expect(result).toEqual({
      label: 'max',
      durationSeconds: 2,
      sent: 101,
      responses: 99,
      acknowledged: 96,
      statusCounts: { '200': 97, '503': 1, '400': 1 },
      mismatches: 1,
      errors: 1,
      samples: [
        '200 {"success":true,"message":"Event not tracked - IP excluded"}',
        '503 {"success":false,"error":"Service busy, retry shortly"}',
        '400 {"success":false}',
        'error connect ECONNREFUSED',
      ],
      eventsPerSecond: 48,
      // three significant figures: each value reads as the top of its histogram bucket
      p50Ms: 5.003,
      p99Ms: 9.903,
      maxMs: 10.007,
      targetRate: 50,
    });
  });

  it('reports zeros for a phase without responses', () => {
    const result = new LatencyRecorder().result('none', 0);
    expect([result.sent, result.responses, result.eventsPerSecond, result.p50Ms, result.p99Ms, 'targetRate' in result]).toEqual([0, 0, 0, 0, 0, false]);
  });
});

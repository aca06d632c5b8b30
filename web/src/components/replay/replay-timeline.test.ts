// The player's timeline marks and clock text.
import { describe, expect, it } from 'vitest';
import { clockText, timelineMarks } from './replay-timeline';

describe('timelineMarks', () => {
  const start = Date.parse('2026-03-10T12:00:00.000Z');
  it('places pageviews, custom events and errors inside the recording and leaves the rest out', () => {
    const events = [
      { timestamp: '2026-03-10 11:59:59.000', type: 'pageview', pathname: '/before', event_name: '' },
      { timestamp: '2026-03-10 12:00:00.000', type: 'pageview', pathname: '/', event_name: '' },
      { timestamp: '2026-03-10 12:00:05.000', type: 'custom_event', pathname: '/', event_name: 'signup' },
      { timestamp: '2026-03-10 12:00:05.000', type: 'performance', pathname: '/', event_name: '' },
      { timestamp: '2026-03-10 12:00:10.000', type: 'error', pathname: '/', event_name: 'TypeError' },
      { timestamp: '2026-03-10 12:00:11.000', type: 'pageview', pathname: '/after', event_name: '' },
    ];
    expect(timelineMarks(events, start, 10_000)).toEqual([
      { offset: 0, percent: 0, kind: 'pageview', label: 'Page /' },
      { offset: 5_000, percent: 50, kind: 'event', label: 'Event signup' },
      { offset: 10_000, percent: 100, kind: 'error', label: 'Error TypeError' },
    ]);
  });
});

describe('clockText', () => {
  it.each([[0, '0:00'], [999, '0:00'], [65_000, '1:05'], [3_725_000, '1:02:05'], [-5, '0:00']])('%i ms reads %s', (ms, text) => {
    expect(clockText(ms)).toBe(text);
  });
});

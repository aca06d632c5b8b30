import { describe, expect, it } from 'vitest';
import { CollectedMetric, Counter, Histogram } from './metric-types.js';
import { MetricsRegistry } from './metrics-registry.js';

describe('metric families in the text exposition format', () => {
  it('escapes backslashes, quotes and line feeds in label values and help texts', async () => {
    const counter = new Counter('t_total', 'a help \\ with\na line feed');
    counter.inc({ path: 'a"b\\c\nd' });
    counter.inc({ path: 'a"b\\c\nd' }, 2);
    expect(await counter.render()).toEqual([
      '# HELP t_total a help \\\\ with\\na line feed',
      '# TYPE t_total counter',
      't_total{path="a\\"b\\\\c\\nd"} 3',
    ]);
  });

  it('writes cumulative buckets, +Inf, sum and count for each label set', async () => {
    const histogram = new Histogram('h', 'sizes', [10, 1, 100]);
    for (const value of [0.5, 1, 7, 250]) histogram.observe({ spool: 'intake' }, value);
    expect(await histogram.render()).toEqual([
      '# HELP h sizes',
      '# TYPE h histogram',
      'h_bucket{spool="intake",le="1"} 2',
      'h_bucket{spool="intake",le="10"} 3',
      'h_bucket{spool="intake",le="100"} 3',
      'h_bucket{spool="intake",le="+Inf"} 4',
      'h_sum{spool="intake"} 258.5',
      'h_count{spool="intake"} 4',
    ]);
  });

  it('counts through a kept series and through labels into the same sample', async () => {
    const counter = new Counter('c_total', 'calls');
    const kept = counter.series({ route: '/a', status: '200' });
    kept.inc();
    kept.inc(2);
    counter.inc({ route: '/a', status: '200' });
    counter.inc({ route: '/b', status: '200' });
    expect(await counter.render()).toEqual(['# HELP c_total calls', '# TYPE c_total counter', 'c_total{route="/a",status="200"} 4', 'c_total{route="/b",status="200"} 1']);
    const histogram = new Histogram('d', 'durations', [1, 2]);
    const series = histogram.series({ route: '/a' });
    series.observe(1.5);
    histogram.observe({ route: '/a' }, 3);
    expect(await histogram.render()).toEqual([
      '# HELP d durations',
      '# TYPE d histogram',
      'd_bucket{route="/a",le="1"} 0',
      'd_bucket{route="/a",le="2"} 1',
      'd_bucket{route="/a",le="+Inf"} 2',
      'd_sum{route="/a"} 4.5',
      'd_count{route="/a"} 2',
    ]);
  });

  it('reads collected samples at render time and joins the families with a final line feed', async () => {
    let depth = 1;
    const registry = new MetricsRegistry();
    registry.register(new CollectedMetric('depth', 'queue depth', 'gauge', () => [{ labels: {}, value: depth }]));
    expect(await registry.render()).toBe('# HELP depth queue depth\n# TYPE depth gauge\ndepth 1\n');
    depth = Number.POSITIVE_INFINITY;
    expect(await registry.render()).toBe('# HELP depth queue depth\n# TYPE depth gauge\ndepth +Inf\n');
    expect(() => registry.register(new Counter('depth', 'again'))).toThrow('metric depth is registered twice');
  });
});

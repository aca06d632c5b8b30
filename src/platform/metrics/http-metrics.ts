// Request counts and latencies per route template (never the raw URL: one series per route, not per link).
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type CounterSeries, type HistogramSeries } from './metric-types.js';
import type { MetricsRegistry } from './metrics-registry.js';

/** Seconds; from a cached answer to a slow report. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of requests no route matched (scanners and typos would otherwise add series without bound). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The series of one route and method: its latency, and its count per status code. */
interface RouteSeries {
  readonly latency: HistogramSeries;
  readonly byStatus: Map<number, CounterSeries>;
}

export function registerHttpMetrics(app: FastifyInstance, registry: MetricsRegistry): void {
  const requests = registry.register(new Counter('loupe_http_requests_total', 'HTTP requests answered, by method, route template and status code.'));
  const latency = registry.register(new Histogram('loupe_http_request_duration_seconds', 'Time from receiving a request to the end of its answer, by method and route template.', LATENCY_BUCKETS));
  // Looked up by route, then method, then status, instead of building label objects and their keys for every answer.
  const routes = new Map<string, Map<string, RouteSeries>>();
  const seriesOf = (route: string, method: string): RouteSeries => {
    let methods = routes.get(route);
    if (!methods) {
      methods = new Map();
      routes.set(route, methods);
    }
    let series = methods.get(method);
    if (!series) {
      series = { latency: latency.series({ method, route }), byStatus: new Map() };
      methods.set(method, series);
    }
    return series;
  };
  // A callback hook: it runs after every answer (every tracking call), and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = request.method;
    const series = seriesOf(route, method);
    const status = reply.statusCode;
    let count = series.byStatus.get(status);
    if (!count) {
      count = requests.series({ method, route, status: String(status) });
      series.byStatus.set(status, count);
    }
    count.inc();
    series.latency.observe(reply.elapsedTime / 1000);
    done();
  });
}

// Per-request loggers for routes that write only warnings and errors (the tracking calls): one shared per level.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/** Levels at which a route writes no access-log lines, so a request id in its lines correlates with nothing. */
const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * Fastify makes a child logger for every request, binding its request id. At 1,000 tracking calls a second
 * that is 1,000 pino children a second, each serializing its bindings (about 3 % of the event loop's busy
 * time under `npm run bench:ingest`), for routes that log nothing unless something fails. Those requests
 * share one child per parent logger and level instead; their rare warning or error lines carry the route's
 * context (the URL, the error) but no request id. Every other route gets its own child, as before.
 */
export const quietRouteLoggers: ChildLoggerFactory = function childLogger(logger, bindings, options) {
  const level = options.level;
  if (level === undefined || !QUIET_LEVELS.has(level)) return logger.child(bindings, options);
  let byLevel = shared.get(logger);
  if (!byLevel) {
    byLevel = new Map();
    shared.set(logger, byLevel);
  }
  const known = byLevel.get(level);
  if (known) return known;
  const child = logger.child({}, options);
  byLevel.set(level, child);
  return child;
};

const shared = new WeakMap<FastifyBaseLogger, Map<string, FastifyBaseLogger>>();

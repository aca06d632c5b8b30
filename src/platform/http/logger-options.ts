// Fastify's logger settings: access-log lines with credentials removed, and a last pass over every line written.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { REDACTED, redactCredentials, redactUrl } from './credential-redaction.js';

/** Where log lines go: stdout by default, a test's buffer when given. */
export interface LogDestination {
  write(line: string): void;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-private-key', 'x-private-link-proof'];

/**
 * The objects a log call may carry headers or raw bytes in (Fastify's request, reply and error objects, and
 * Loupe's `err`/`detail` fields), named rather than matched with a leading `*`: with a wildcard first segment
 * pino runs its redaction over the bindings of every child logger, and Fastify makes one per request (about
 * 1 % of a tracking call's CPU, profiled under `npm run bench:ingest`). Whatever else a line carries still
 * passes the `streamWrite` hook below.
 */
const HEADER_CARRIERS = ['req', 'res', 'request', 'reply', 'response', 'err', 'error', 'detail', 'context'];

/**
 * Paths pino censors structurally, wherever headers get logged; `rawPacket` is the raw bytes of a malformed
 * request (request line and headers) that Fastify logs at `trace` with the parse error.
 */
const REDACTED_PATHS = [
  ...CREDENTIAL_HEADERS.flatMap((name) => [`headers["${name}"]`, ...HEADER_CARRIERS.map((carrier) => `${carrier}.headers["${name}"]`)]),
  'rawPacket',
  ...HEADER_CARRIERS.map((carrier) => `${carrier}.rawPacket`),
];

/** The access-log view of a request: Fastify's fields, with the URL's credentials redacted and no headers. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's and pino's logger options together, as `Fastify({ logger })` takes them. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(level: LogLevel, destination?: LogDestination): LoggerOptions {
  return {
    level,
    serializers: { req: requestForLog },
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    // The last line of defence: whatever a log call carried (an error message with a URL, better-auth's own
    // messages, a header someone logs later), no credential leaves in the written line.
    hooks: { streamWrite: redactCredentials },
    ...(destination ? { stream: destination } : {}),
  };
}

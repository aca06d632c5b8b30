// A tracking body read as text up to its limit. Past the limit the rest of the body is still read and dropped (up to
// a cap), so the refusal goes back on a connection that stays open: a body refused before it was read makes the
// server close the connection with the body still arriving, and a proxy that was still sending it (Caddy buffering
// a tracking call) then answers its client 502 with no body instead of passing the refusal on.
import type { IncomingMessage } from 'node:http';

/** What the parser hands the route for a body over the limit (read whole, then dropped). */
export class OversizedBody {
  constructor(readonly limit: number) {}
}

/** A parser error the route's error handler answers as a 4xx; Fastify closes the connection after it. */
class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';
}

type Done = (error: Error | null, body?: string | OversizedBody) => void;

/**
 * A Fastify content-type parser (`parseAs` unset: it reads the stream itself) giving the body as a string, or an
 * `OversizedBody` when it exceeds `limit` bytes. A body declared or found larger than `drainCap` is not read to its
 * end: it fails at once, and that connection is closed.
 */
export function drainedTextBody(limit: number, drainCap: number): (request: unknown, payload: IncomingMessage, done: Done) => void {
  return (_request, payload, done) => {
    const declared = Number(payload.headers['content-length']);
    if (Number.isFinite(declared) && declared > drainCap) {
      done(new BodyTooLargeError(`Request body exceeds ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: Error | null, body?: string | OversizedBody): void => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      done(error, body);
    };
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > drainCap) settle(new BodyTooLargeError(`Request body exceeds ${limit} bytes`));
      else if (received <= limit) chunks.push(bytes);
    };
    payload.on('data', onData);
    payload.once('end', () => settle(null, received > limit ? new OversizedBody(limit) : Buffer.concat(chunks, received).toString('utf8')));
    payload.once('error', (error) => settle(error));
    payload.resume();
  };
}

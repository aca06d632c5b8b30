// Copies a better-auth Response onto a Fastify reply: status, headers, cookies, and a body Fastify can always send.
import type { FastifyReply } from 'fastify';

/** Set by the relay itself: the body it sends decides its length and type; cookies go as a list. */
const RELAY_SET = new Set(['set-cookie', 'content-length', 'content-type', 'retry-after']);
/** better-auth's auth rate limits use one-minute windows; used when its answer names no delay. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;
const JSON_TYPE = 'application/json; charset=utf-8';

export async function relayAuthResponse(response: Response, reply: FastifyReply): Promise<FastifyReply> {
  void reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (!RELAY_SET.has(name)) void reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status === 429) void reply.header('retry-after', String(retryAfterSeconds(response.headers)));
  // Errors always leave as Loupe's JSON error body, whatever type (or none) better-auth gave them.
  if (response.status >= 400) return reply.type(JSON_TYPE).send(authErrorBody(text, response.status));
  if (text.length === 0) return reply.send();
  const type = response.headers.get('content-type');
  if (type) void reply.type(type);
  return reply.send(text);
}

/** Whole seconds to wait, from better-auth's `X-Retry-After` (or a standard `Retry-After`), at least 1. */
export function retryAfterSeconds(headers: Headers): number {
  const raw = headers.get('x-retry-after') ?? headers.get('retry-after');
  const seconds = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : DEFAULT_RETRY_AFTER_SECONDS;
}

/** Loupe's error body for a better-auth error: better-auth's own `message` (its clients show it) and `code`, plus Loupe's `error`. */
export interface AuthErrorBody {
  message: string;
  code?: string;
  error: string;
}

/**
 * better-auth answers `{ message, code }` (or plain text, or nothing). The body keeps both of its fields, so a
 * client written for better-auth shows the message, and adds `error` (the same text), Loupe's error shape; 5xx without details.
 */
export function authErrorBody(text: string, status: number): AuthErrorBody {
  if (status >= 500) return bodyOf('Internal server error');
  const fallback = `Request failed (${status})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return bodyOf(text.trim() || fallback);
  }
  if (typeof parsed !== 'object' || parsed === null) return bodyOf(fallback);
  const { message, code } = parsed as { message?: unknown; code?: unknown };
  return bodyOf(typeof message === 'string' && message ? message : fallback, typeof code === 'string' && code ? code : undefined);
}

function bodyOf(message: string, code?: string): AuthErrorBody {
  return code === undefined ? { message, error: message } : { message, code, error: message };
}

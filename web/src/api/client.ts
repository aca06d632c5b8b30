// The dashboard's one way to call the API: same-origin fetch with the session cookie (and a private link's headers
// for its site's routes); failures become ApiError carrying the API's own `error` (or better-auth's `message`).
import { shareHeadersFor } from './share-credentials';

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

function messageOf(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error !== '') return error;
    if (typeof message === 'string' && message !== '') return message;
  }
  return `The server answered ${status}`;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `path` starts with /api/. The browser sends the cookie and the Origin header the API checks on writes. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return answerOf<T>(apiFetch(path, options));
}

/** The request apiRequest makes, unread: for a question asked before the bundle has run (api/early-answers.ts). */
export function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  return fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...shareHeadersFor(path),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** The answer's body, or ApiError with the API's message when it is not a success. */
export async function answerOf<T>(response: Promise<Response>): Promise<T> {
  const answered = await response;
  const body = await bodyOf(answered);
  if (!answered.ok) throw new ApiError(answered.status, messageOf(answered.status, body));
  return body as T;
}

/** A query string from defined values only. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** `/api/sites/<site><path>?<params>`. */
export const sitePath = (site: string, path: string, params: Record<string, string | number | undefined> = {}) => `/api/sites/${encodeURIComponent(site)}${path}${queryString(params)}`;

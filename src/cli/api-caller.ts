// Calls the Loupe API either in-process (app.inject on DATA_DIR) or over HTTP (--url), keeping the session cookie.
import type { FastifyInstance } from 'fastify';

export interface ApiResponse {
  readonly status: number;
  readonly body: unknown;
}

export interface ApiCaller {
  readonly baseUrl: string;
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResponse>;
  /** Like call, but throws unless the answer is 200. */
  expect(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown>;
}

type Transport = (method: string, path: string, headers: Record<string, string>, body?: unknown) => Promise<{ status: number; body: unknown; cookies: string[] }>;

function createCaller(baseUrl: string, transport: Transport): ApiCaller {
  let cookie = '';
  const caller: ApiCaller = {
    baseUrl,
    async call(method, path, body) {
      const headers: Record<string, string> = { origin: new URL(baseUrl).origin };
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await transport(method, path, headers, body);
      const session = response.cookies.find((c) => c.includes('session_token='));
      if (session) cookie = session.split(';')[0] ?? '';
      return { status: response.status, body: response.body };
    },
    async expect(method, path, body) {
      const response = await caller.call(method, path, body);
      if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
      return response.body;
    },
  };
  return caller;
}

export function injectCaller(app: FastifyInstance, baseUrl: string): ApiCaller {
  return createCaller(baseUrl, async (method, path, headers, body) => {
    const response = await app.inject({ method: method as 'GET' | 'POST', url: path, headers, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
    const raw = response.headers['set-cookie'];
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : null, cookies: Array.isArray(raw) ? raw : raw ? [raw] : [] };
  });
}

export function httpCaller(baseUrl: string): ApiCaller {
  return createCaller(baseUrl, async (method, path, headers, body) => {
    const response = await fetch(new URL(path, baseUrl), { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, cookies: response.headers.getSetCookie() };
  });
}

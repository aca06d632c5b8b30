// Tracking calls as browsers and servers make them: realistic browser headers, POST /api/track and /api/identify.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** User agents of current mainstream browsers (and a few non-browsers) as they appear on the wire. */
export const USER_AGENTS = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  curl: 'curl/8.5.0',
  gptBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
} as const;

export interface BrowserHeaderOptions {
  /** The page's origin (browsers send it on cross-origin fetch); omitted when absent. */
  readonly origin?: string;
  /** Defaults to desktop Chrome 126 on Windows; the client hints follow the Chromium major in it. */
  readonly userAgent?: string;
  /** Sets X-Forwarded-For (honoured only with TRUST_PROXY=true). */
  readonly forwardedFor?: string;
}

function chromiumMajor(userAgent: string): string | undefined {
  return /Chrome\/(\d+)/.exec(userAgent)?.[1];
}

/**
 * The headers desktop Chrome sends with the tracker's fetch(..., { keepalive: true }) to an analytics host
 * on another site: Accept, Accept-Language, Accept-Encoding, fetch metadata and (for Chromium) client hints.
 */
export function browserHeaders(options: BrowserHeaderOptions = {}): Record<string, string> {
  const userAgent = options.userAgent ?? USER_AGENTS.chromeWindows;
  const headers: Record<string, string> = {
    'user-agent': userAgent,
    accept: '*/*',
    'accept-language': 'en-US,en;q=0.9',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'content-type': 'application/json',
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'cross-site',
  };
  const major = chromiumMajor(userAgent);
  if (major !== undefined) {
    headers['sec-ch-ua'] = `"Not/A)Brand";v="8", "Chromium";v="${major}", "Google Chrome";v="${major}"`;
    headers['sec-ch-ua-mobile'] = /Mobile/.test(userAgent) ? '?1' : '?0';
    headers['sec-ch-ua-platform'] = /Windows/.test(userAgent) ? '"Windows"' : /Android/.test(userAgent) ? '"Android"' : '"macOS"';
  }
  if (options.origin !== undefined) {
    headers.origin = options.origin;
    headers.referer = `${options.origin}/`;
  }
  if (options.forwardedFor !== undefined) headers['x-forwarded-for'] = options.forwardedFor;
  return headers;
}

export interface TrackCallOptions {
  /** Request headers; defaults to browserHeaders() (desktop Chrome, no Origin). */
  readonly headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <key>`. */
  readonly key?: string;
}

function headersFor(options: TrackCallOptions): Record<string, string> {
  const headers = { ...(options.headers ?? browserHeaders()) };
  if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
  return headers;
}

/** POST /api/track with a JSON body. */
export function track(app: FastifyInstance, body: unknown, options: TrackCallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/track', headers: headersFor(options), payload: JSON.stringify(body) });
}

/** POST /api/identify with a JSON body. */
export function identify(app: FastifyInstance, body: unknown, options: TrackCallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/identify', headers: headersFor(options), payload: JSON.stringify(body) });
}

/** POST of a body exactly as given (any bytes, any content type, or none) to a tracking path. */
export function postRaw(
  app: FastifyInstance,
  url: '/api/track' | '/api/identify',
  payload: string | Buffer | undefined,
  headers: Record<string, string> = browserHeaders(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
}

// Drives a sign-in through the test OpenID Connect provider over HTTP as a browser would: Loupe's start call,
// the provider's redirects and login form (each side with its own cookies), then Loupe's callback.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ORIGIN } from './auth-client.js';

/** Cookies by name, as a browser keeps them for one site (paths ignored: each test flow is short). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const pair = line.split(';')[0] ?? '';
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export function setCookiesOf(response: LightMyRequestResponse): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

export interface ProviderSignIn {
  /** Loupe's answer to the provider's redirect back (a redirect to the dashboard, or to the error page). */
  readonly callback: LightMyRequestResponse;
  /** Where that answer sends the browser, as a path of the dashboard with its query. */
  readonly landing: URL;
  /** Loupe's cookies after the callback. */
  readonly jar: CookieJar;
}

const MAX_STEPS = 12;

/** Signs `login` in at the provider (its development form takes any password) and returns Loupe's callback answer. */
export async function signInThroughProvider(app: FastifyInstance, login: string, callbackURL = '/sites'): Promise<ProviderSignIn> {
  const jar = new CookieJar();
  const start = await app.inject({
    method: 'POST', url: '/api/auth/sign-in/social', headers: { origin: ORIGIN },
    payload: { provider: 'oidc', callbackURL, errorCallbackURL: '/sign-in' },
  });
  if (start.statusCode !== 200) throw new Error(`sign-in/social answered ${start.statusCode}: ${start.body}`);
  jar.store(setCookiesOf(start));
  let url = new URL((start.json() as { url: string }).url);
  const providerJar = new CookieJar();
  let request: RequestInit = { method: 'GET' };
  for (let step = 0; step < MAX_STEPS; step++) {
    const response = await fetch(url, { ...request, redirect: 'manual', headers: { ...(request.headers as Record<string, string> | undefined), cookie: providerJar.header() } });
    providerJar.store(response.headers.getSetCookie());
    request = { method: 'GET' };
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin === ORIGIN) {
        const callback = await app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: { cookie: jar.header() } });
        jar.store(setCookiesOf(callback));
        return { callback, landing: new URL(String(callback.headers.location ?? ''), ORIGIN), jar };
      }
      url = next;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || action === undefined || !html.includes('name="login"')) {
      throw new Error(`unexpected answer from the provider at ${url.pathname}: ${response.status}`);
    }
    url = new URL(action, url);
    request = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString(),
    };
  }
  throw new Error(`no redirect back to Loupe after ${MAX_STEPS} steps`);
}

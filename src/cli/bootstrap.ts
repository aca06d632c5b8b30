// `bootstrap`: account, organization, site and organization API key in one step, through the public API.
// Its output keeps the secret key out of anything meant for a web page: the script tag names the public
// site id only, and the curl example that uses the key is labelled server-side.
import type { ApiCaller } from './api-caller.js';
import { SERVER_SIDE_NOTE, scriptTag, serverSideCurl } from './tracking-examples.js';

export interface BootstrapInput {
  readonly email: string;
  readonly password: string;
  readonly org: string;
  readonly domain: string;
  readonly name?: string | undefined;
}

export interface BootstrapResult {
  readonly user: { id: string; email: string };
  readonly organization: { id: string; name: string; slug: string };
  readonly site: { siteId: number; id: string; domain: string };
  readonly apiKey: { id: string; key: string; name: string };
  /** A first pageview tracked from a server with the key: never to be put in a page. */
  readonly serverSideExample: { readonly note: string; readonly curl: string };
  /** For a web page: the public site id only, no key. */
  readonly scriptTag: string;
}

function slugify(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.length > 0 ? slug : 'org';
}

export async function bootstrap(api: ApiCaller, input: BootstrapInput): Promise<BootstrapResult> {
  const signUp = await api.call('POST', '/api/auth/sign-up/email', { email: input.email, password: input.password, name: input.name ?? input.email.split('@')[0] ?? input.email });
  let user = signUp.body as { user?: { id: string; email: string }; token?: string | null };
  // No session (token null: the answer an open instance gives an address that has an account) or a refusal: the
  // account may exist already, so sign in instead, and bootstrap can be re-run for another site.
  if (signUp.status !== 200 || typeof user.token !== 'string') {
    const signIn = await api.call('POST', '/api/auth/sign-in/email', { email: input.email, password: input.password });
    if (signIn.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
    user = signIn.body as { user?: { id: string; email: string } };
  }
  if (!user.user) throw new Error('sign-up returned no user');
  const org = await api.expect('POST', '/api/auth/organization/create', { name: input.org, slug: `${slugify(input.org)}-${Date.now().toString(36)}` });
  const organization = org as { id: string; name: string; slug: string };
  const site = (await api.expect('POST', `/api/organizations/${organization.id}/sites`, { domain: input.domain })) as BootstrapResult['site'];
  const key = (await api.expect('POST', `/api/organizations/${organization.id}/api-keys`, { name: `${input.domain} server key` })) as BootstrapResult['apiKey'];
  return {
    user: { id: user.user.id, email: user.user.email },
    organization: { id: organization.id, name: organization.name, slug: organization.slug },
    site: { siteId: site.siteId, id: site.id, domain: site.domain },
    apiKey: { id: key.id, key: key.key, name: key.name },
    serverSideExample: { note: SERVER_SIDE_NOTE, curl: serverSideCurl(api.baseUrl, key.key, site) },
    scriptTag: scriptTag(api.baseUrl, site.id),
  };
}

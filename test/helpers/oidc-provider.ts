// A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for sign-in tests: one confidential
// client, accounts whose claims a test sets (and may change between sign-ins), its development login form.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestIdentity {
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly groups: readonly string[];
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Login name (what the provider's form takes) -> the claims it signs in with. */
  readonly accounts: Map<string, TestIdentity>;
  /** The environment that points Loupe at this provider. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const SCOPES = 'openid email profile groups';

/** `redirectUri` is Loupe's callback: <BASE_URL>/api/auth/callback/oidc. */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'loupe-test';
  const clientSecret = 'a-client-secret-of-the-test-provider';
  const accounts = new Map<string, TestIdentity>();
  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri],
      grant_types: ['authorization_code'], response_types: ['code'],
      // better-auth sends the client's credentials in the token request's body unless told otherwise.
      token_endpoint_auth_method: 'client_secret_post',
    }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: async (_ctx, id) => {
      const identity = accounts.get(id);
      if (!identity) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: identity.email, email_verified: identity.emailVerified, name: identity.name, groups: [...identity.groups] }),
      };
    },
    // Loupe is this provider's first-party client: no consent screen, the grant covers the scopes Loupe asks for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    env: (extra = {}) => ({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_SCOPES: SCOPES, ...extra }),
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}

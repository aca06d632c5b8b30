import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig: SPOOL_SYNC', () => {
  it('defaults to seal and accepts commit', () => {
    expect(loadConfig({}).spoolSync).toBe('seal');
    expect(loadConfig({ SPOOL_SYNC: 'seal' }).spoolSync).toBe('seal');
    expect(loadConfig({ SPOOL_SYNC: 'commit' }).spoolSync).toBe('commit');
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => loadConfig({ SPOOL_SYNC: 'always' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPOOL_SYNC: 'always' })).toThrow(/SPOOL_SYNC/);
  });
});

describe('loadConfig: LIGHT_TRAFFIC_INSERT_MS', () => {
  it('defaults to 3.5 s and takes 2 s (inserts every 2 s at any traffic) up to a minute', () => {
    expect(loadConfig({}).lightTrafficInsertMs).toBe(3_500);
    expect(loadConfig({ LIGHT_TRAFFIC_INSERT_MS: '2000' }).lightTrafficInsertMs).toBe(2_000);
    expect(loadConfig({ LIGHT_TRAFFIC_INSERT_MS: '60000' }).lightTrafficInsertMs).toBe(60_000);
  });

  it('refuses less than 2 s, more than a minute and what is not a whole number, naming the variable', () => {
    for (const value of ['1999', '60001', '3.5', 'soon']) expect(() => loadConfig({ LIGHT_TRAFFIC_INSERT_MS: value }), value).toThrow(/LIGHT_TRAFFIC_INSERT_MS/);
  });
});

describe('loadConfig: memory bounds', () => {
  it('bounds the in-memory sessions and the embedded store by default, and takes other values', () => {
    expect(loadConfig({}).sessionsInMemoryMax).toBe(500_000);
    expect(loadConfig({ SESSIONS_IN_MEMORY_MAX: '2000000' }).sessionsInMemoryMax).toBe(2_000_000);
    expect(loadConfig({}).analyticsMemory).toEqual({ limitMb: 512, cacheMb: 96 });
    expect(loadConfig({ ANALYTICS_MEMORY_LIMIT_MB: '0', ANALYTICS_CACHE_MB: '256' }).analyticsMemory).toEqual({ limitMb: 0, cacheMb: 256 });
    expect(() => loadConfig({ SESSIONS_IN_MEMORY_MAX: '10' })).toThrow(/SESSIONS_IN_MEMORY_MAX/);
  });
});

describe('loadConfig: BACKGROUND_THREAD_NICENESS', () => {
  it('defaults to 10 and accepts 0 to 19', () => {
    expect(loadConfig({}).backgroundThreadNiceness).toBe(10);
    expect(loadConfig({ BACKGROUND_THREAD_NICENESS: '0' }).backgroundThreadNiceness).toBe(0);
    expect(loadConfig({ BACKGROUND_THREAD_NICENESS: '19' }).backgroundThreadNiceness).toBe(19);
  });

  it('refuses values outside 0-19 and non-integers, naming the variable', () => {
    for (const value of ['-1', '20', '2.5', 'low']) {
      expect(() => loadConfig({ BACKGROUND_THREAD_NICENESS: value })).toThrow(/BACKGROUND_THREAD_NICENESS/);
    }
  });
});

describe('loadConfig: TRACKER_PATH', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['/static/lp', '/static/lp'],
    ['/static/lp/', '/static/lp'],
    ['/a', '/a'],
    ['/x.y/z~_-1', '/x.y/z~_-1'],
    ['/apis/x', '/apis/x'],
  ])('accepts %j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRACKER_PATH: value }).trackerPath).toBe(expected);
  });

  it.each(['static/lp', '/', '//', '/a//b', '/a/../b', '/..', '/a/.', '/api', '/api/x', '/API/x', '/a b', '/a?x=1', '/a#b', '/a%2e%2e', `/${'a'.repeat(201)}`])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRACKER_PATH: value })).toThrow(/TRACKER_PATH/);
    },
  );
});

describe('loadConfig: CLICKHOUSE_CLUSTER', () => {
  it('is unset by default and read with CLICKHOUSE_URL', () => {
    expect(loadConfig({}).clickhouseCluster).toBeUndefined();
    expect(loadConfig({ CLICKHOUSE_URL: 'http://ch:8123', CLICKHOUSE_CLUSTER: 'loupe_cluster' }).clickhouseCluster).toBe('loupe_cluster');
  });

  it.each(['loupe-cluster', '1cluster', 'a b', "x'y", 'a'.repeat(65)])('refuses %j, naming the variable', (name) => {
    expect(() => loadConfig({ CLICKHOUSE_URL: 'http://ch:8123', CLICKHOUSE_CLUSTER: name })).toThrow(/CLICKHOUSE_CLUSTER/);
  });

  it('refuses a cluster without CLICKHOUSE_URL (the embedded store is one server)', () => {
    expect(() => loadConfig({ CLICKHOUSE_CLUSTER: 'loupe' })).toThrow(/CLICKHOUSE_CLUSTER needs CLICKHOUSE_URL/);
  });
});

describe('loadConfig: OIDC_*', () => {
  const base = { OIDC_ISSUER: 'https://id.example.com/realms/acme', OIDC_CLIENT_ID: 'loupe', OIDC_CLIENT_SECRET: 's3cret' };

  it('is off when no OIDC variable is set', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
  });

  it('reads an OpenID Connect provider with its defaults and its organization rules', () => {
    expect(loadConfig({
      ...base, OIDC_EMAIL_DOMAIN_ROLES: 'Example.com=acme:member, partner.org=acme:admin', OIDC_ROLE_CLAIM: 'realm_access.roles', OIDC_CLAIM_ROLES: 'team=a=acme:admin',
    }).oidc).toEqual({
      providerId: 'oidc', name: 'SSO', clientId: 'loupe', clientSecret: 's3cret', issuer: 'https://id.example.com/realms/acme', endpoints: undefined,
      scopes: ['openid', 'email', 'profile'], signUp: 'mapped', roleClaim: 'realm_access.roles',
      rules: [
        { kind: 'emailDomain', value: 'example.com', organizationSlug: 'acme', role: 'member' },
        { kind: 'emailDomain', value: 'partner.org', organizationSlug: 'acme', role: 'admin' },
        { kind: 'claim', value: 'team=a', organizationSlug: 'acme', role: 'admin' },
      ],
    });
  });

  it('reads a plain OAuth 2.0 provider from its three endpoints', () => {
    const oidc = loadConfig({
      OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret', OIDC_NAME: 'GitHub', OIDC_SCOPES: 'read:user,user:email', OIDC_SIGNUP: 'open',
      OIDC_AUTHORIZATION_URL: 'https://github.com/login/oauth/authorize', OIDC_TOKEN_URL: 'https://github.com/login/oauth/access_token', OIDC_USERINFO_URL: 'https://api.github.com/user',
    }).oidc;
    expect([oidc?.issuer, oidc?.endpoints, oidc?.scopes, oidc?.signUp, oidc?.name]).toEqual([
      undefined,
      { authorization: 'https://github.com/login/oauth/authorize', token: 'https://github.com/login/oauth/access_token', userInfo: 'https://api.github.com/user' },
      ['read:user', 'user:email'], 'open', 'GitHub',
    ]);
  });

  it.each([
    [{ OIDC_ISSUER: 'https://id.example.com' }, /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/],
    [{ ...base, OIDC_TOKEN_URL: 'https://id.example.com/token' }, /not both/],
    [{ OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_AUTHORIZATION_URL: 'https://id.example.com/a' }, /all of OIDC_AUTHORIZATION_URL/],
    [{ ...base, OIDC_ISSUER: 'id.example.com' }, /OIDC_ISSUER: expected an http\(s\) URL/],
    [{ ...base, OIDC_EMAIL_DOMAIN_ROLES: 'example.com=acme:owner' }, /OIDC_EMAIL_DOMAIN_ROLES: "example.com=acme:owner": the role must be/],
    [{ ...base, OIDC_EMAIL_DOMAIN_ROLES: 'example.com=acme' }, /expected value=organization-slug:role/],
    [{ ...base, OIDC_CLAIM_ROLES: 'admins=acme:admin' }, /OIDC_CLAIM_ROLES needs OIDC_ROLE_CLAIM/],
    [{ ...base, OIDC_SIGNUP: 'maybe' }, /OIDC_SIGNUP/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('defaults to no proxy; true is one hop; a number is that many hops; a list names the proxies', () => {
    expect(loadConfig({}).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5,172.16.0.0/12' }).trustProxy).toEqual({ addresses: ['10.0.0.5', '172.16.0.0/12'] });
  });

  it('refuses anything else with a message that says what to give', () => {
    for (const value of ['all', '99', '10.0.0.0/40', 'caddy']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: expected false, a number of proxy hops in front of Loupe/);
    }
  });
});

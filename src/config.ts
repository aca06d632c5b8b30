// Environment -> validated, typed configuration. Every knob here is documented in the README.
import { loadCurrencyRates, type CurrencyRates } from './revenue/currency-rates.js';
import { z } from 'zod';
import type { AnalyticsMemorySettings } from './platform/analytics-store/chdb-memory.js';
import { CLUSTER_NAME } from './platform/analytics-store/cluster-naming.js';
import { parseOrganizationRules, type OidcSettings } from './platform/auth/oidc-settings.js';
import { parseProxyTrust, TRUST_PROXY_RULE, type ProxyTrust } from './platform/http/proxy-trust.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const httpUrl = optionalString.refine((value) => value === undefined || /^https?:\/\/[^/\s]+\S*$/.test(value), 'expected an http(s) URL');

const TRACKER_PATH_RULE = "expected a path such as /static/lp: starting with '/', made of letters, digits and . _ ~ -, no '.' or '..' segment, not under /api";
const TRACKER_PATH_SEGMENT = /^[A-Za-z0-9._~-]{1,64}$/;

/** A neutral URL prefix for the tracking script: `/a/b` (a trailing slash is tolerated and dropped). */
function isTrackerPath(value: string): boolean {
  if (!value.startsWith('/') || value.length > 200) return false;
  const segments = value.replace(/\/$/, '').slice(1).split('/');
  if (segments[0]?.toLowerCase() === 'api') return false;
  return segments.every((segment) => TRACKER_PATH_SEGMENT.test(segment) && segment !== '.' && segment !== '..');
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  CLICKHOUSE_URL: optionalString,
  CLICKHOUSE_CLUSTER: optionalString.refine((value) => value === undefined || CLUSTER_NAME.test(value), 'expected the name of a cluster of the ClickHouse servers\' remote_servers: letters, digits and underscores'),
  REDIS_URL: optionalString,
  AUTH_SECRET: optionalString,
  BASE_URL: optionalString,
  DISABLE_SIGNUP: booleanFlag.default(true),
  TRUST_PROXY: z.string().default('false').refine((value) => parseProxyTrust(value) !== undefined, TRUST_PROXY_RULE),
  DISABLE_ORIGIN_CHECK: booleanFlag.default(false),
  GEOIP_CITY_DB: optionalString,
  GEOIP_ASN_DB: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(500),
  API_KEY_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  API_KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  FAVICONS: booleanFlag.default(true),
  FAVICON_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  WEBHOOK_RETRY_DELAYS: optionalString.refine((value) => value === undefined || /^\s*\d+(\.\d+)?\s*(ms|s|m|h)\s*(,\s*\d+(\.\d+)?\s*(ms|s|m|h)\s*)*$/.test(value), 'expected a list such as 1m,5m,30m,2h,6h'),
  WEBHOOKS_PAID_ONLY: booleanFlag.default(false),
  WEBHOOK_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  ALERT_CHECK_INTERVAL: z.string().default('1m').refine((value) => /^\s*\d+(\.\d+)?\s*(ms|s|m|h)\s*$/.test(value), 'expected a duration such as 30s, 1m or 5m'),
  REPORT_CHECK_INTERVAL: z.string().default('5m').refine((value) => /^\s*\d+(\.\d+)?\s*(ms|s|m|h)\s*$/.test(value), 'expected a duration such as 1m or 15m'),
  MAIL_RETRY_DELAYS: z.string().default('1m,5m,30m,2h,6h').refine((value) => /^\s*\d+(\.\d+)?\s*(ms|s|m|h)\s*(,\s*\d+(\.\d+)?\s*(ms|s|m|h)\s*)*$/.test(value), 'expected a list such as 1m,5m,30m,2h,6h'),
  ENRICHMENT_THREAD: booleanFlag.default(true),
  IMPORT_MAPPING_THREAD: booleanFlag.default(true),
  IMPORT_ORGANIZATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  IMPORT_DAILY_ROW_QUOTA: z.coerce.number().int().min(0).default(20_000_000),
  IMPORT_WRITE_SLICE_ROWS: z.coerce.number().int().min(100).max(100_000).default(5_000),
  IMPORT_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(65_536).default(1_024),
  SPOOL_SYNC: z.enum(['seal', 'commit']).default('seal'),
  LIGHT_TRAFFIC_INSERT_MS: z.coerce.number().int().min(2_000).max(60_000).default(3_500),
  BACKGROUND_THREAD_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  ENRICHMENT_THREAD_NICENESS: z.coerce.number().int().min(0).max(19).default(3),
  SESSIONS_IN_MEMORY_MAX: z.coerce.number().int().min(1000).default(500_000),
  ANALYTICS_MEMORY_LIMIT_MB: z.coerce.number().int().min(0).default(512),
  ANALYTICS_CACHE_MB: z.coerce.number().int().min(0).default(96),
  SMTP_URL: optionalString.refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), 'expected smtp://[user:password@]host[:port] or smtps://...'),
  SMTP_FROM: optionalString.refine((value) => value === undefined || /^[^\s<>"@]+@[^\s<>"@]+$/.test(value), 'expected an email address such as loupe@example.com'),
  METRICS_TOKEN: optionalString.refine((value) => value === undefined || /^[\x21-\x7e]{16,512}$/.test(value), 'expected at least 16 printable characters without spaces (e.g. openssl rand -hex 32)'),
  TRACKER_PATH: optionalString.refine((value) => value === undefined || isTrackerPath(value), TRACKER_PATH_RULE),
  OIDC_ISSUER: httpUrl,
  OIDC_AUTHORIZATION_URL: httpUrl,
  OIDC_TOKEN_URL: httpUrl,
  OIDC_USERINFO_URL: httpUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: optionalString.refine((value) => value === undefined || value.length <= 60, 'expected at most 60 characters'),
  OIDC_SCOPES: optionalString,
  OIDC_SIGNUP: z.enum(['open', 'mapped', 'off']).default('mapped'),
  OIDC_EMAIL_DOMAIN_ROLES: optionalString,
  OIDC_ROLE_CLAIM: optionalString,
  OIDC_CLAIM_ROLES: optionalString,
  CURRENCY_RATES_FILE: optionalString,
});

type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly clickhouseUrl: string | undefined;
  /** The ClickHouse cluster whose replicated and Distributed tables the migrations create (docs/clickhouse-cluster.md). */
  readonly clickhouseCluster: string | undefined;
  readonly redisUrl: string | undefined;
  /** Undefined means: generate once and keep in DATA_DIR (see instance-secret.ts). */
  readonly authSecret: string | undefined;
  readonly baseUrl: string;
  readonly disableSignup: boolean;
  /** Which reverse proxies may state the client's address and protocol (X-Forwarded-For/-Proto); docs/deploy.md. */
  readonly trustProxy: ProxyTrust;
  readonly disableOriginCheck: boolean;
  readonly geoipCityDb: string | undefined;
  /** An ASN .mmdb (GeoLite2-ASN layout or compatible) for the bot_asn layer. */
  readonly geoipAsnDb: string | undefined;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly apiKeyRateLimit: { readonly max: number; readonly windowSeconds: number };
  /** How long a successful API key verification is reused in this process; 0 verifies every request. */
  readonly apiKeyCacheSeconds: number;
  readonly webhookAllowPrivateTargets: boolean;
  /** Referrers' favicons fetched by this server for the dashboard (FAVICONS; off on an instance without internet). */
  readonly favicons: { readonly enabled: boolean; readonly allowPrivateTargets: boolean };
  /** Retry delays such as `1s,2s,3s,4s,5s`; undefined = 1m,5m,30m,2h,6h. */
  readonly webhookRetryDelays: string | undefined;
  readonly webhooksPaidOnly: boolean;
  /** How long a claimed webhook attempt is held before another process may take it over (after a crash). */
  readonly webhookClaimMs: number;
  /** How often alert rules are evaluated, e.g. `1m` (one node at a time). */
  readonly alertCheckInterval: string;
  /** How often due report mails are looked for, e.g. `5m` (one node at a time). */
  readonly reportCheckInterval: string;
  /** Delays between attempts of a queued mail (alerts, reports) that failed, e.g. `1m,5m,30m,2h,6h`. */
  readonly mailRetryDelays: string;
  /** Enrich spooled events on a worker thread (default) rather than on the event loop. */
  readonly enrichmentThread: boolean;
  /** Batch posts of imports are parsed and mapped on a worker thread (else on the event loop). */
  readonly importMappingThread: boolean;
  readonly importLimits: { readonly organizationConcurrency: number; readonly dailyRowQuota: number; readonly writeSliceRows: number };
  /** The largest export file the dashboard may upload to an import. */
  readonly importUploadMaxBytes: number;
  /** When the tracking spool reaches stable storage: when a segment is sealed (default) or before every acknowledgement. */
  readonly spoolSync: 'seal' | 'commit';
  /** Under light traffic (a spool segment still small after 2 s), tracked events are inserted at most this long after the first of them. */
  readonly lightTrafficInsertMs: number;
  /** How much nicer than the event loop the process's other threads run (0: equal). */
  readonly backgroundThreadNiceness: number;
  /** How much nicer than the event loop the path from the spool to the store (enrichment thread, inserts, queries) runs. */
  readonly enrichmentThreadNiceness: number;
  /** At most this many visitors' sessions kept in the process (without Redis), the earliest dropped first. */
  readonly sessionsInMemoryMax: number;
  /** The embedded analytics store's memory: its ceiling (0: the engine's own, 90 % of RAM) and its caches. */
  readonly analyticsMemory: AnalyticsMemorySettings;
  /** A second URL prefix (no trailing slash) where the tracking script and its modules are served, or undefined. */
  readonly trackerPath: string | undefined;
  /** Outgoing mail (invitations); undefined: none, the API hands out invitation links instead. */
  readonly smtpUrl: string | undefined;
  /** Sender of outgoing mail; undefined = loupe@<host of BASE_URL>. */
  readonly smtpFrom: string | undefined;
  /** The bearer token GET /metrics asks for; undefined: the endpoint answers 404. */
  readonly metricsToken: string | undefined;
  /** Sign-in with the operator's OpenID Connect / OAuth 2.0 provider (OIDC_*); undefined: none. */
  readonly oidc: OidcSettings | undefined;
  /** The operator's exchange rates (CURRENCY_RATES_FILE) revenue reports convert with; empty without the file. */
  readonly currencyRates: CurrencyRates;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (e.CLICKHOUSE_CLUSTER && !e.CLICKHOUSE_URL) throw new ConfigError('Invalid configuration: CLICKHOUSE_CLUSTER needs CLICKHOUSE_URL (the embedded store is one server)');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) throw new ConfigError('Invalid configuration: BASE_URL must be an http(s) URL');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    clickhouseUrl: e.CLICKHOUSE_URL,
    clickhouseCluster: e.CLICKHOUSE_CLUSTER,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET,
    baseUrl,
    disableSignup: e.DISABLE_SIGNUP,
    trustProxy: parseProxyTrust(e.TRUST_PROXY) ?? { hops: 0 },
    disableOriginCheck: e.DISABLE_ORIGIN_CHECK,
    geoipCityDb: e.GEOIP_CITY_DB,
    geoipAsnDb: e.GEOIP_ASN_DB,
    logLevel: e.LOG_LEVEL,
    apiKeyRateLimit: { max: e.API_KEY_RATE_LIMIT_MAX, windowSeconds: e.API_KEY_RATE_LIMIT_WINDOW_SECONDS },
    apiKeyCacheSeconds: e.API_KEY_CACHE_SECONDS,
    webhookAllowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    favicons: { enabled: e.FAVICONS, allowPrivateTargets: e.FAVICON_ALLOW_PRIVATE_TARGETS },
    webhookRetryDelays: e.WEBHOOK_RETRY_DELAYS,
    webhooksPaidOnly: e.WEBHOOKS_PAID_ONLY,
    webhookClaimMs: e.WEBHOOK_CLAIM_SECONDS * 1000,
    alertCheckInterval: e.ALERT_CHECK_INTERVAL,
    mailRetryDelays: e.MAIL_RETRY_DELAYS,
    reportCheckInterval: e.REPORT_CHECK_INTERVAL,
    enrichmentThread: e.ENRICHMENT_THREAD,
    importMappingThread: e.IMPORT_MAPPING_THREAD,
    importLimits: { organizationConcurrency: e.IMPORT_ORGANIZATION_CONCURRENCY, dailyRowQuota: e.IMPORT_DAILY_ROW_QUOTA, writeSliceRows: e.IMPORT_WRITE_SLICE_ROWS },
    importUploadMaxBytes: e.IMPORT_UPLOAD_MAX_MB * 1024 * 1024,
    spoolSync: e.SPOOL_SYNC,
    lightTrafficInsertMs: e.LIGHT_TRAFFIC_INSERT_MS,
    backgroundThreadNiceness: e.BACKGROUND_THREAD_NICENESS,
    enrichmentThreadNiceness: e.ENRICHMENT_THREAD_NICENESS,
    sessionsInMemoryMax: e.SESSIONS_IN_MEMORY_MAX,
    analyticsMemory: { limitMb: e.ANALYTICS_MEMORY_LIMIT_MB, cacheMb: e.ANALYTICS_CACHE_MB },
    trackerPath: e.TRACKER_PATH?.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    metricsToken: e.METRICS_TOKEN,
    oidc: oidcSettings(e),
    currencyRates: currencyRatesOf(e.CURRENCY_RATES_FILE),
  };
}

/** The rates file's rates, read once at start; a missing or malformed file stops the start with its problem. */
function currencyRatesOf(path: string | undefined): CurrencyRates {
  try {
    return loadCurrencyRates(path);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: CURRENCY_RATES_FILE: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The OIDC_* variables as one provider, undefined when none is set; incomplete or contradictory settings throw. */
function oidcSettings(e: Env): OidcSettings | undefined {
  const endpoints = [e.OIDC_AUTHORIZATION_URL, e.OIDC_TOKEN_URL, e.OIDC_USERINFO_URL];
  const any = [e.OIDC_ISSUER, ...endpoints, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].some((value) => value !== undefined);
  if (!any) return undefined;
  const fail = (problem: string): never => {
    throw new ConfigError(`Invalid configuration: ${problem}`);
  };
  if (e.OIDC_CLIENT_ID === undefined || e.OIDC_CLIENT_SECRET === undefined) fail('OIDC sign-in needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  const someEndpoints = endpoints.some((value) => value !== undefined);
  const [authorization, token, userInfo] = endpoints;
  if (e.OIDC_ISSUER !== undefined && someEndpoints) fail('set OIDC_ISSUER (OpenID Connect discovery) or OIDC_AUTHORIZATION_URL, OIDC_TOKEN_URL and OIDC_USERINFO_URL (plain OAuth 2.0), not both');
  if (e.OIDC_ISSUER === undefined && (authorization === undefined || token === undefined || userInfo === undefined)) {
    fail('OIDC sign-in needs OIDC_ISSUER, or all of OIDC_AUTHORIZATION_URL, OIDC_TOKEN_URL and OIDC_USERINFO_URL');
  }
  const domainRules = parseOrganizationRules(e.OIDC_EMAIL_DOMAIN_ROLES, 'emailDomain');
  const claimRules = parseOrganizationRules(e.OIDC_CLAIM_ROLES, 'claim');
  if (typeof domainRules === 'string') fail(`OIDC_EMAIL_DOMAIN_ROLES: ${domainRules}`);
  if (typeof claimRules === 'string') fail(`OIDC_CLAIM_ROLES: ${claimRules}`);
  if (Array.isArray(claimRules) && claimRules.length > 0 && e.OIDC_ROLE_CLAIM === undefined) fail('OIDC_CLAIM_ROLES needs OIDC_ROLE_CLAIM (the claim its values are read from)');
  return {
    providerId: 'oidc',
    name: e.OIDC_NAME ?? 'SSO',
    clientId: e.OIDC_CLIENT_ID ?? '',
    clientSecret: e.OIDC_CLIENT_SECRET ?? '',
    issuer: e.OIDC_ISSUER,
    endpoints: authorization && token && userInfo ? { authorization, token, userInfo } : undefined,
    scopes: (e.OIDC_SCOPES ?? 'openid email profile').split(/[\s,]+/).filter((scope) => scope !== ''),
    signUp: e.OIDC_SIGNUP,
    roleClaim: e.OIDC_ROLE_CLAIM,
    rules: [...(Array.isArray(domainRules) ? domainRules : []), ...(Array.isArray(claimRules) ? claimRules : [])],
  };
}

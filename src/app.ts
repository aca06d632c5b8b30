// createApp(config, deps): platform first (stores, auth, errors, guards, docs), then the feature modules.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AnalyticsStore } from './platform/analytics-store/analytics-store.js';
import { migrateAnalyticsStore } from './platform/analytics-store/analytics-migrations.js';
import { createAnalyticsStore } from './platform/analytics-store/create-analytics-store.js';
import { createAuth, type Auth } from './platform/auth/create-auth.js';
import { authRateLimitStorage } from './platform/auth/auth-rate-limit-storage.js';
import { registerAuthRoutes } from './platform/auth/auth.routes.js';
import { OidcSignIns } from './platform/auth/oidc-sign-in.js';
import { InvitationTokens } from './platform/auth/invitation-tokens.js';
import { AccessControl } from './platform/http/access-control.js';
import { registerCors } from './platform/http/cors.js';
import { trustFunction } from './platform/http/proxy-trust.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerJsonBodyParser } from './platform/http/json-body-parser.js';
import { createGuards, registerRequestDecorations, type Guards } from './platform/http/guards.js';
import { createApiKeyVerifier, type KeyPrincipal } from './platform/http/api-key-verifier.js';
import { VerifiedKeyCache } from './platform/auth/verified-key-cache.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { loggerOptions, type LogDestination } from './platform/http/logger-options.js';
import { quietRouteLoggers } from './platform/http/quiet-route-loggers.js';
import { resolveInstanceSecret } from './platform/instance-secret.js';
import { preparePrivateDataDir } from './platform/private-data-dir.js';
import { createMetadataDb, type MetadataDb } from './platform/metadata-store/create-metadata-db.js';
import { migrateMetadataDb } from './platform/metadata-store/metadata-migrations.js';
import { createMailer } from './platform/mail/mailer.js';
import { startMailQueue } from './platform/mail/mail-queue.js';
import { systemResolver, type Resolver } from './platform/outbound/resolver.js';
import { parseRetryDelays } from './platform/retry-schedule.js';
import { SecretBox } from './platform/secret-box.js';
import type { PeriodicTask } from './platform/periodic-task.js';
import { MetricsRegistry } from './platform/metrics/metrics-registry.js';
import { registerHttpMetrics } from './platform/metrics/http-metrics.js';
import { withMigrationLock } from './platform/metadata-store/migration-lock.js';
import { createSharedState, type SharedState } from './platform/shared-state/create-shared-state.js';
import { registerAccount, createAccountMail } from './account/index.js';
import { registerAlerts, type AlertsModule } from './alerts/index.js';
import { registerAnnotations } from './annotations/index.js';
import { registerApiKeys } from './api-keys/index.js';
import { registerDashboardAssets, type DashboardOptions } from './dashboard-assets/index.js';
import { registerDataRetention, type RetentionWorker } from './data-retention/index.js';
import { registerVisitorLinks, type VisitorLinkWorker } from './visitor-links/index.js';
import { registerEmailReports, type EmailReportsModule } from './email-reports/index.js';
import { registerExports } from './exports/index.js';
import { registerFavicons, type FaviconFetcherOptions } from './favicons/index.js';
import { registerGoals } from './goals/index.js';
import { registerHealth } from './health/index.js';
import { registerImports, type ImportService } from './imports/index.js';
import { registerIngestion, type IngestionModule, type IngestionModuleDeps } from './ingestion/index.js';
import { registerMcp } from './mcp/index.js';
import { registerMembers, sendInvitationEmail } from './members/index.js';
import { OrganizationDirectory, registerOrganizations } from './organizations/index.js';
import { registerReports } from './reports/index.js';
import { registerSegments, SegmentRepository } from './segments/index.js';
import { deleteSiteEverywhere, embedFrameAncestors, PrivateLinks, privateLinkProofKey, registerSites, SiteRepository, visibleSitesOf } from './sites/index.js';
import { registerTeams } from './teams/index.js';
import { registerTrackerAssets, type TrackerAssetsOptions } from './tracker-assets/index.js';
import { registerUserData } from './user-data/index.js';
import { registerWebhooks, webhookSettingsFrom, type WebhooksModule } from './webhooks/index.js';

export interface AppDeps {
  readonly analytics?: AnalyticsStore;
  readonly metadata?: MetadataDb;
  /** Sign-in/sign-up attempts per minute per address (tests raise it). */
  readonly authRateLimitPerMinute?: number;
  /** Sign-in attempts per minute per account, from any address (tests raise it). */
  readonly signInPerAccountPerMinute?: number;
  /** Milliseconds since the epoch; tests freeze it. */
  readonly clock?: () => number;
  readonly shared?: SharedState;
  readonly ingestionBuffer?: IngestionModuleDeps['buffer'];
  /** DNS resolution for webhook targets (tests simulate answers that change). */
  readonly resolveHost?: Resolver;
  /** Where referrers' favicons are asked for (tests: a loopback http server); default https. */
  readonly faviconUpstream?: FaviconFetcherOptions['upstream'];
  /** Where log lines go instead of stdout (tests read them). */
  readonly logDestination?: LogDestination;
  /** Where the tracking script's sources and build live (tests use a copy); default: the project's tracker/. */
  readonly trackerLocation?: TrackerAssetsOptions['location'];
  /** Where the dashboard is built and whether a stale build is rebuilt at start; default: web/, rebuilt. */
  readonly dashboard?: DashboardOptions;
}

/** The services every module may use, built once per app. */
export interface AppServices {
  readonly config: AppConfig;
  readonly analytics: AnalyticsStore;
  readonly metadata: MetadataDb;
  readonly auth: Auth;
  readonly guards: Guards;
  readonly access: AccessControl;
  readonly sites: SiteRepository;
  readonly organizations: OrganizationDirectory;
  readonly shared: SharedState;
  readonly ingestion: IngestionModule;
  readonly webhooks: WebhooksModule;
  readonly imports: ImportService;
  readonly alerts: AlertsModule;
  readonly emailReports: EmailReportsModule;
  /** Sends queued mail (alerts, reports); `kick` runs a pass now. */
  readonly mailQueue: PeriodicTask;
  /** Deletes each site's data older than its `retentionDays`. */
  readonly retention: RetentionWorker;
  /** Links each visitor's sessions so the overview counts visitors without a sort (decision 0085). */
  readonly visitorLinks: VisitorLinkWorker;
  readonly clock: () => number;
}

export interface LoupeApp {
  readonly app: FastifyInstance;
  readonly services: AppServices;
  /** Stops the HTTP server, flushes buffers and closes both stores. */
  close(): Promise<void>;
}

export async function createApp(config: AppConfig, deps: AppDeps = {}): Promise<LoupeApp> {
  const unprotected = preparePrivateDataDir(config.dataDir);
  const analytics = deps.analytics ?? createAnalyticsStore(config);
  const metadata = deps.metadata ?? createMetadataDb(config);

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, deps.logDestination),
    childLoggerFactory: quietRouteLoggers,
    trustProxy: trustFunction(config.trustProxy) ?? false,
    bodyLimit: 1024 * 1024,
  });
  // Nodes starting together on one PostgreSQL take turns: the first migrates, the others then find it done.
  await withMigrationLock(metadata, async () => {
    await migrateAnalyticsStore(analytics);
    await migrateMetadataDb(metadata);
  }, { onWaiting: () => app.log.info('another node is applying migrations; waiting for it to finish') });
  if (unprotected.length > 0) app.log.warn({ entries: unprotected }, 'DATA_DIR entries other users may read (not owned by this user)');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestDecorations(app);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  const metrics = new MetricsRegistry();
  registerHttpMetrics(app, metrics);
  const sites = new SiteRepository(metadata.db);
  // Dashboard pages in embed mode may be framed by the origins their site lists; nothing else may be framed.
  registerSecurityHeaders(app, { frameAncestors: embedFrameAncestors(sites) });
  await registerCors(app, config.baseUrl, config.trackerPath === undefined ? [] : [`${config.trackerPath}/`]);
  await registerOpenApi(app, config.baseUrl);

  const instanceSecret = resolveInstanceSecret(config.authSecret, config.dataDir);
  const clock = deps.clock ?? Date.now;
  // Real time, not the app clock: the TTL bounds how stale a key check may be, as better-auth's expiry check does.
  const verifiedKeys = new VerifiedKeyCache<KeyPrincipal>({ ttlMs: config.apiKeyCacheSeconds * 1000, clock: Date.now });
  const shared = deps.shared ?? createSharedState(config.redisUrl, config.sessionsInMemoryMax);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, smtpFrom: config.smtpFrom, baseUrl: config.baseUrl });
  const invitationTokens = new InvitationTokens(metadata.db);
  const auth = createAuth(metadata, {
    baseUrl: config.baseUrl,
    secret: instanceSecret,
    disableSignup: config.disableSignup,
    invitationTokens,
    authRateLimitPerMinute: deps.authRateLimitPerMinute ?? 10,
    signInPerAccountPerMinute: deps.signInPerAccountPerMinute ?? 10,
    apiKeyRateLimit: config.apiKeyRateLimit,
    rateLimitStorage: authRateLimitStorage(shared.rateLimiter),
    log: (level, message) => app.log[level](message),
    onApiKeysChanged: () => verifiedKeys.clear(),
    // Deleting an organization deletes its sites (the metadata cascades) and their analytics rows, here.
    onOrganizationDeleting: async (organizationId) => {
      for (const site of await sites.listForOrganization(organizationId)) await deleteSiteEverywhere(site, sites, analytics, app.log);
    },
    ...(config.oidc ? { oidc: new OidcSignIns(config.oidc, { db: metadata.db, warn: (message) => app.log.warn(message) }) } : {}),
    onInvitationCreated: (notice) => sendInvitationEmail(mailer, config.baseUrl, notice, (message, detail) => app.log.warn({ detail }, message)).then(() => undefined),
    accountMail: createAccountMail(mailer, config.baseUrl, (message, detail) => app.log.warn({ detail }, message)),
  });
  const keys = createApiKeyVerifier(auth, verifiedKeys);
  const privateLinks = new PrivateLinks(metadata.db, new SecretBox(instanceSecret, 'loupe-private-links'), privateLinkProofKey(instanceSecret), clock);
  const access = new AccessControl(metadata.db, sites, privateLinks);
  const guards = createGuards(auth, keys, access, config.baseUrl);
  const organizations = new OrganizationDirectory(metadata.db);
  const segments = new SegmentRepository(metadata.db);
  const visibleSites = visibleSitesOf({ organizations, sites, access });
  registerAuthRoutes(app, {
    auth, db: metadata.db, baseUrl: config.baseUrl, invitationTokens, openSignup: !config.disableSignup,
  });

  // The features, each wired by its module (`<feature>/<feature>-module.ts`, imported through its index.ts).
  await registerTrackerAssets(app, { trackerPath: config.trackerPath, ...(deps.trackerLocation ? { location: deps.trackerLocation } : {}) });
  const health = await registerHealth(app, {
    health: { analytics, metadata: metadata.schemaless },
    probes: { analytics, metadata, shared },
    instanceInfo: { favicons: config.favicons.enabled, disableSignup: config.disableSignup, emailEnabled: mailer !== undefined, oidc: config.oidc, metadata: metadata.schemaless },
    registry: metrics,
    metricsToken: config.metricsToken,
  });
  await registerAccount(app, { guards, auth });
  await registerOrganizations(app, { guards, db: metadata.db, organizations, clock });
  const teams = await registerTeams(app, { guards, db: metadata.db, clock });
  await registerMembers(app, {
    guards, db: metadata.db, organizations, clock, baseUrl: config.baseUrl, mailer, invitationTokens, teamExists: teams.teamExists,
  });
  await registerSites(app, {
    guards, db: metadata.db, sites, analytics, access, organizations, privateLinks, visibleSites,
    originCheck: !config.disableOriginCheck, limiter: shared.rateLimiter, clock,
  });
  await registerApiKeys(app, { guards, auth, organizations, keyRateLimit: config.apiKeyRateLimit, clock });
  const goals = await registerGoals(app, { guards, db: metadata.db, clock });
  const webhooks = await registerWebhooks(app, {
    db: metadata.db, guards, instanceSecret, settings: webhookSettingsFrom(config), clock, goals: goals.repository,
    ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
  });
  const ingestion = await registerIngestion(app, {
    config, analytics, metadata: metadata.db, keys, access, sites, shared, clock, listener: webhooks.listener,
    onBatchInserted: (spool, rows) => health.pipelineMetrics.onBatchInserted(spool, rows),
    ...(deps.ingestionBuffer ? { buffer: deps.ingestionBuffer } : {}),
  });
  health.pipelineMetrics.watch({ buffers: ingestion.buffers, webhookQueue: () => webhooks.queueDepth() });
  await registerReports(app, { guards, analytics, sites, segments, clock, metadata: metadata.db, currencyRates: config.currencyRates, goals: goals.repository });
  await registerAnnotations(app, { guards, db: metadata.db, clock });
  await registerFavicons(app, { guards, analytics, enabled: config.favicons.enabled, fetcher: {
    resolve: deps.resolveHost ?? systemResolver, allowPrivateTargets: config.favicons.allowPrivateTargets, ...(deps.faviconUpstream ? { upstream: deps.faviconUpstream } : {}),
  } });
  await registerSegments(app, { guards, segments, analytics });
  await registerUserData(app, {
    guards, analytics, identify: ingestion.identify, flushSpools: () => ingestion.flush(),
    forgetDeliveries: (siteId, owner) => webhooks.forgetEvents(siteId, owner),
  });
  const imports = await registerImports(app, {
    guards, db: metadata.db, analytics, clock, dataDir: config.dataDir, mappingThread: config.importMappingThread, mappingThreadNiceness: config.backgroundThreadNiceness,
    limits: config.importLimits, uploadMaxBytes: config.importUploadMaxBytes,
    // Tracking first: an import slice waits while a tracking spool has more than the segment being inserted.
    trackingBehind: () => ingestion.buffers.some((buffer) => buffer.counters().segments > 1),
  });
  await registerExports(app, { guards, analytics, clock });
  await registerDashboardAssets(app, { ...deps.dashboard, reservedPrefixes: config.trackerPath === undefined ? [] : [`${config.trackerPath}/`] });
  await registerMcp(app, { keys, visibleSites, access, findSite: async (siteId) => sites.get(siteId) });
  const mail = startMailQueue({
    db: metadata.db, mailer, claimMs: config.webhookClaimMs, retryDelaysMs: parseRetryDelays(config.mailRetryDelays), clock, log: app.log,
  });
  const mailQueue = mail.task;
  const alerts = await registerAlerts(app, {
    db: metadata.db, guards, analytics, sites, segments, goals: goals.repository, outbox: mail.outbox, webhooks, baseUrl: config.baseUrl,
    intervalMs: parseRetryDelays(config.alertCheckInterval)[0] ?? 60_000, clock, onMailQueued: () => mailQueue.kick(),
  });
  const emailReports = await registerEmailReports(app, {
    db: metadata.db, guards, access, analytics, sites, goals: goals.repository, outbox: mail.outbox, instanceSecret, baseUrl: config.baseUrl,
    intervalMs: parseRetryDelays(config.reportCheckInterval)[0] ?? 300_000, clock, onMailQueued: () => mailQueue.kick(),
  });
  const retention = registerDataRetention(app, { sites, analytics, clock });
  const visitorLinks = registerVisitorLinks(app, { db: metadata.db, analytics, clock });
  const services: AppServices = { config, analytics, metadata, auth, guards, access, sites, organizations, shared, ingestion, webhooks, imports, alerts, emailReports, mailQueue, retention, visitorLinks, clock };

  let closed = false;
  return {
    app,
    services,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await retention.stop();
      await visitorLinks.close();
      await alerts.close();
      await emailReports.close();
      await mailQueue.stop();
      await imports.close();
      await ingestion.close();
      await webhooks.close();
      await shared.close();
      await analytics.close();
      await metadata.close();
    },
  };
}

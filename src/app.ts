// createApp(config, deps): platform first (stores, auth, errors, guards, docs), then the feature modules.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import type { AppConfig } from './config.js';
import type { AnalyticsStore } from './platform/analytics-store/analytics-store.js';
import { migrateAnalyticsStore } from './platform/analytics-store/analytics-migrations.js';
import { createAnalyticsStore } from './platform/analytics-store/create-analytics-store.js';
import { createAuth, type Auth } from './platform/auth/create-auth.js';
import { authRateLimitStorage } from './platform/auth/auth-rate-limit-storage.js';
import { registerAuthRoutes } from './platform/auth/auth-routes.js';
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
import { resolveInstanceSecret } from './platform/instance-secret.js';
import { preparePrivateDataDir } from './platform/private-data-dir.js';
import { createMetadataDb, type MetadataDb } from './platform/metadata-store/create-metadata-db.js';
import { migrateMetadataDb } from './platform/metadata-store/metadata-migrations.js';
import { healthRoutes } from './health/health.routes.js';
import { probesRoutes } from './health/probes.routes.js';
import { metricsRoutes } from './health/metrics.routes.js';
import { createPipelineMetrics } from './health/pipeline-metrics.js';
import { MetricsRegistry } from './platform/metrics/metrics-registry.js';
import { registerHttpMetrics } from './platform/metrics/http-metrics.js';
import { withMigrationLock } from './platform/metadata-store/migration-lock.js';
import { sitesRoutes } from './sites/sites.routes.js';
import { SiteRepository } from './sites/site.repository.js';
import { deleteSiteEverywhere } from './sites/delete-site.js';
import { visibleSitesOf } from './sites/visible-sites.js';
import { organizationsRoutes } from './organizations/organizations.routes.js';
import { userOrganizationsRoutes } from './organizations/user-organizations.routes.js';
import { OrganizationPlans } from './organizations/organization-plans.js';
import { SignInPolicies } from './organizations/sign-in-policy.js';
import { signInPolicyRoutes } from './organizations/sign-in-policy.routes.js';
import { organizationSitesRoutes } from './sites/organization-sites.routes.js';
import { siteShellRoutes } from './sites/site-shell.routes.js';
import { PrivateLinks } from './sites/private-links.js';
import { SecretBox } from './platform/secret-box.js';
import { privateLinkProofKey } from './sites/private-link-proof-key.js';
import { privateLinkPasswordRoutes } from './sites/private-link-password.routes.js';
import { embedFrameAncestors } from './sites/embed-frame-ancestors.js';
import { instanceInfoRoutes } from './health/instance-info.routes.js';
import { registerTeamsAndMembers } from './teams/teams-module.js';
import { createMailer } from './platform/mail/mailer.js';
import { sendInvitationEmail } from './members/invitation-mail.js';
import { createAccountMail } from './account/account-mail.js';
import { AccountSessions } from './account/account-sessions.js';
import { accountSessionsRoutes } from './account/account-sessions.routes.js';
import { OrganizationDirectory } from './organizations/organization-directory.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { ApiKeyIssuer } from './api-keys/api-key-issuer.js';
import { apiUsageRoutes } from './api-keys/api-usage.routes.js';
import { SegmentRepository } from './segments/segment.repository.js';
import type { ReportDeps } from './reports/report-route.js';
import { registerReports } from './reports/register-reports.js';
import { annotationsRoutes } from './annotations/annotations.routes.js';
import { segmentsRoutes } from './segments/segments.routes.js';
import { registerWebhooks, type WebhooksModule } from './webhooks/webhooks-module.js';
import { webhookSettingsFrom } from './webhooks/webhook-settings.js';
import type { Resolver } from './webhooks/webhook-url-policy.js';
import { mcpRoutes } from './mcp/mcp.routes.js';
import { registerAlerts, type AlertsModule } from './alerts/alerts-module.js';
import { registerEmailReports, type EmailReportsModule } from './email-reports/email-reports-module.js';
import { MailOutbox } from './platform/mail/mail-outbox.js';
import { MailOutboxSender } from './platform/mail/mail-outbox-sender.js';
import { PeriodicTask } from './platform/periodic-task.js';
import { parseRetryDelays } from './webhooks/retry-schedule.js';
import { readableSitesOf } from './mcp/readable-sites.js';
import { createSharedState, type SharedState } from './platform/shared-state/create-shared-state.js';
import { registerIngestion, type IngestionModule, type IngestionModuleDeps } from './ingestion/ingestion-module.js';
import { userDataRoutes } from './user-data/user-data.routes.js';
import { importsRoutes } from './imports/imports.routes.js';
import { ImportService } from './imports/import-service.js';
import { ImportRepository } from './imports/import.repository.js';
import { ImportedRowsStore } from './imports/imported-rows.store.js';
import { clearUploadLeftovers } from './imports/upload/upload-leftovers.js';
import { inlineImportMapper, WorkerImportMapper } from './imports/mapping/import-mapper.js';
import { exportRoutes } from './exports/export.routes.js';
import { eraseRoutes } from './user-data/erase.routes.js';
import { RetentionWorker } from './data-retention/retention-worker.js';
import { registerTrackerAssets, type TrackerAssetsOptions } from './tracker-assets/tracker-assets-module.js';
import { registerDashboard, type DashboardOptions } from './dashboard/dashboard-module.js';
import type { FaviconFetcherOptions } from './favicons/favicon-fetcher.js';
import { registerFavicons } from './favicons/favicons-module.js';
import { systemResolver } from './webhooks/webhook-url-policy.js';

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
  const pipelineMetrics = createPipelineMetrics(metrics);
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

  registerAuthRoutes(app, {
    auth, db: metadata.db, baseUrl: config.baseUrl, invitationTokens, openSignup: !config.disableSignup,
  });
  await registerTrackerAssets(app, { trackerPath: config.trackerPath, ...(deps.trackerLocation ? { location: deps.trackerLocation } : {}) });
  await app.register(healthRoutes, { analytics, metadata: metadata.schemaless });
  await app.register(probesRoutes, { analytics, metadata, shared });
  await app.register(metricsRoutes, { registry: metrics, token: config.metricsToken });
  await app.register(instanceInfoRoutes, { favicons: config.favicons.enabled, disableSignup: config.disableSignup, emailEnabled: mailer !== undefined, oidc: config.oidc, metadata: metadata.schemaless });
  await app.register(accountSessionsRoutes, { guards, sessions: new AccountSessions(auth) });
  await app.register(organizationsRoutes, { guards, organizations });
  await app.register(userOrganizationsRoutes, { guards, organizations });
  await app.register(signInPolicyRoutes, { guards, policies: new SignInPolicies(metadata.db), clock });
  await registerTeamsAndMembers(app, { guards, db: metadata.db, organizations, clock, baseUrl: config.baseUrl, mailer, invitationTokens });
  const visibleSites = visibleSitesOf({ organizations, sites, access });
  await app.register(sitesRoutes, { guards, sites, analytics, visibleSites, originCheck: !config.disableOriginCheck });
  await app.register(organizationSitesRoutes, {
    guards, db: metadata.db, sites, access, organizations, plans: new OrganizationPlans(metadata.db), analytics, clock,
  });
  await app.register(siteShellRoutes, { guards, sites, analytics, privateLinks, clock });
  await app.register(privateLinkPasswordRoutes, { guards, sites, privateLinks, limiter: shared.rateLimiter, clock });
  await app.register(apiKeysRoutes, { guards, issuer: new ApiKeyIssuer(auth, organizations) });
  await app.register(apiUsageRoutes, { guards, keyRateLimit: config.apiKeyRateLimit, clock });
  const webhooks = await registerWebhooks(app, {
    db: metadata.db, guards, instanceSecret, settings: webhookSettingsFrom(config), clock,
    ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}),
  });
  const ingestion = await registerIngestion(app, {
    config, analytics, metadata: metadata.db, keys, access, sites, shared, clock, listener: webhooks.listener,
    onBatchInserted: (spool, rows) => pipelineMetrics.onBatchInserted(spool, rows),
    ...(deps.ingestionBuffer ? { buffer: deps.ingestionBuffer } : {}),
  });
  pipelineMetrics.watch({ buffers: ingestion.buffers, webhookQueue: () => webhooks.queueDepth() });
  const segments = new SegmentRepository(metadata.db);
  const reportDeps: ReportDeps = { guards, analytics, segments, clock, metadata: metadata.db, currencyRates: config.currencyRates };
  await registerReports(app, reportDeps);
  await app.register(annotationsRoutes, { guards, metadata: metadata.db, clock });
  await registerFavicons(app, { guards, enabled: config.favicons.enabled, fetcher: {
    resolve: deps.resolveHost ?? systemResolver, allowPrivateTargets: config.favicons.allowPrivateTargets, ...(deps.faviconUpstream ? { upstream: deps.faviconUpstream } : {}),
  } });
  await app.register(segmentsRoutes, { guards, segments, analytics });
  await app.register(userDataRoutes, { guards, analytics, identify: ingestion.identify, flushSpools: () => ingestion.flush() });
  const imports = new ImportService(new ImportRepository(metadata.db), new ImportedRowsStore(analytics), clock, {
    mapper: config.importMappingThread ? new WorkerImportMapper() : inlineImportMapper,
    limits: config.importLimits,
    // Tracking first: an import slice waits while a tracking spool has more than the segment being inserted.
    trackingBehind: () => ingestion.buffers.some((buffer) => buffer.counters().segments > 1),
  });
  const uploadDir = join(config.dataDir, 'import-uploads');
  const leftovers = await clearUploadLeftovers(uploadDir, imports);
  if (leftovers.removed > 0) app.log.warn(leftovers, 'removed what uploads cut short by a stop left in DATA_DIR/import-uploads; their imports were deleted');
  await app.register(importsRoutes, { guards, imports, uploadDir, uploadMaxBytes: config.importUploadMaxBytes });
  await app.register(eraseRoutes, { guards, analytics, flushSpools: () => ingestion.flush(), forgetDeliveries: (siteId, owner) => webhooks.forgetEvents(siteId, owner) });
  await app.register(exportRoutes, { guards, analytics, clock });
  await registerDashboard(app, { ...deps.dashboard, reservedPrefixes: config.trackerPath === undefined ? [] : [`${config.trackerPath}/`] });
  await app.register(mcpRoutes, { keys, readableSites: readableSitesOf({ visibleSites, access, findSite: async (siteId) => sites.get(siteId) }) });
  const outbox = new MailOutbox(metadata.db, config.webhookClaimMs);
  const mailSender = new MailOutboxSender({ outbox, mailer, retryDelaysMs: parseRetryDelays(config.mailRetryDelays), clock, log: app.log });
  const mailQueue = new PeriodicTask('mail queue', async () => {
    await mailSender.pass();
  }, 1_000, app.log);
  mailQueue.start();
  const alerts = await registerAlerts(app, {
    db: metadata.db, guards, analytics, sites, segments, outbox, webhooks, baseUrl: config.baseUrl,
    intervalMs: parseRetryDelays(config.alertCheckInterval)[0] ?? 60_000, clock, onMailQueued: () => mailQueue.kick(),
  });
  const emailReports = await registerEmailReports(app, {
    db: metadata.db, guards, access, analytics, sites, outbox, instanceSecret, baseUrl: config.baseUrl,
    intervalMs: parseRetryDelays(config.reportCheckInterval)[0] ?? 300_000, clock, onMailQueued: () => mailQueue.kick(),
  });
  const retention = new RetentionWorker({ sites, analytics, clock, log: app.log });
  retention.start();
  const services: AppServices = { config, analytics, metadata, auth, guards, access, sites, organizations, shared, ingestion, webhooks, imports, alerts, emailReports, mailQueue, retention, clock };

  let closed = false;
  return {
    app,
    services,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await retention.stop();
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

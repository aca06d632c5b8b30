// Wires the reports feature: every report module's routes, registered with the shared report dependencies
// (one line per module); the saved funnels' repository is built here.
import type { FastifyInstance } from 'fastify';
import type { ReportDeps } from './report-route.js';
import { FunnelRepository } from './funnels/funnel.repository.js';
import { goalsRoutes } from './goals/goals.routes.js';
import { funnelsRoutes } from './funnels/funnels.routes.js';
import { overviewRoutes } from './overview/overview.routes.js';
import { metricRoutes } from './metric/metric.routes.js';
import { liveUserCountRoutes } from './live-users/live-user-count.routes.js';
import { journeysRoutes } from './journeys/journeys.routes.js';
import { retentionRoutes } from './retention/retention.routes.js';
import { performanceRoutes } from './performance/performance.routes.js';
import { errorsRoutes } from './errors/errors.routes.js';
import { botsRoutes } from './bots/bots.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { eventsRoutes } from './events/events.routes.js';
import { sessionLocationsRoutes } from './sessions/session-locations.routes.js';
import { userSessionCountRoutes } from './users/user-session-count.routes.js';
import { revenueRoutes } from './revenue/revenue.routes.js';
import { engagementRoutes } from './engagement/engagement.routes.js';
import { replayRoutes } from './replay/replay.routes.js';

export type ReportsModuleDeps = Omit<ReportDeps, 'funnels'>;

export async function registerReports(app: FastifyInstance, moduleDeps: ReportsModuleDeps): Promise<void> {
  const deps: ReportDeps = { ...moduleDeps, funnels: new FunnelRepository(moduleDeps.metadata) };
  await app.register(overviewRoutes, deps);
  await app.register(metricRoutes, deps);
  await app.register(liveUserCountRoutes, deps);
  await app.register(journeysRoutes, deps);
  await app.register(retentionRoutes, deps);
  await app.register(performanceRoutes, deps);
  await app.register(goalsRoutes, deps);
  await app.register(funnelsRoutes, deps);
  await app.register(errorsRoutes, deps);
  await app.register(botsRoutes, deps);
  await app.register(sessionsRoutes, deps);
  await app.register(usersRoutes, deps);
  await app.register(eventsRoutes, deps);
  await app.register(sessionLocationsRoutes, deps);
  await app.register(userSessionCountRoutes, deps);
  await app.register(revenueRoutes, deps);
  await app.register(engagementRoutes, deps);
  await app.register(replayRoutes, deps);
}

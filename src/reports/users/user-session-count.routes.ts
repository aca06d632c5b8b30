// GET /users/session-count?user_id=: one user's sessions per day (a fixed path, so it wins over /users/{userId}).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerReport, type ReportDeps } from '../report-route.js';
import { userSessionCount } from './user-session-count.query.js';

export async function userSessionCountRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/users/session-count',
    tag: 'Users',
    scope: 'users:read',
    summary:
      "One user's distinct sessions per local day (time_zone) as {data: [{date: 'YYYY-MM-DD', sessions}]}, oldest first; the user is " +
      'matched by identified id, else anonymous visitor id; the time range applies (default all time), filters do not',
    params: { user_id: z.string({ error: 'user_id is required' }).min(1, { error: 'user_id is required' }).max(255).describe('identified user id, or anonymous visitor id (required)') },
    run: async ({ store, query, params }) => ({ data: await userSessionCount(store, query, params.user_id) }),
  });
}

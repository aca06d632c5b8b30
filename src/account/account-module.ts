// Wires the account feature: the caller's signed-in sessions (list, revoke others).
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../platform/auth/create-auth.js';
import type { Guards } from '../platform/http/guards.js';
import { AccountSessions } from './account-sessions.js';
import { accountSessionsRoutes } from './account-sessions.routes.js';

export interface AccountModuleDeps {
  readonly guards: Guards;
  readonly auth: Auth;
}

export async function registerAccount(app: FastifyInstance, deps: AccountModuleDeps): Promise<void> {
  await app.register(accountSessionsRoutes, { guards: deps.guards, sessions: new AccountSessions(deps.auth) });
}

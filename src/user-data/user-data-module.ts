// Wires the user data feature: identifying a device's visitor as a person, and erasing a person's or a
// visitor's data.
import type { FastifyInstance } from 'fastify';
import { eraseRoutes, type EraseRoutesDeps } from './erase.routes.js';
import { userDataRoutes, type UserDataRoutesDeps } from './user-data.routes.js';

export type UserDataModuleDeps = UserDataRoutesDeps & Pick<EraseRoutesDeps, 'forgetDeliveries'>;

export async function registerUserData(app: FastifyInstance, deps: UserDataModuleDeps): Promise<void> {
  await app.register(userDataRoutes, deps);
  await app.register(eraseRoutes, { guards: deps.guards, analytics: deps.analytics, flushSpools: deps.flushSpools, forgetDeliveries: deps.forgetDeliveries });
}

// GET /user-traits/keys, /user-traits/values?key= and /user-traits/users?key=&value=.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageWindow, pagingParams } from '../report-paging.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { traitKeys, traitUsers, traitValues } from './user-traits.query.js';
import { TraitKeysSchema, TraitUsersSchema, TraitValuesSchema } from './users.schema.js';

const traitKey = z.string().min(1).max(256).describe('the trait key');

export async function userTraitsRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/user-traits/keys',
    tag: 'User Traits',
    scope: 'users:read',
    summary: "Trait keys of identified users active in range (their latest traits), with how many users have each, most common first",
    params: pagingParams,
    response: TraitKeysSchema,
    run: async ({ store, query, params }) => ({ data: await traitKeys(store, query, pageWindow(params)) }),
  });
  registerReport(app, deps, {
    path: '/user-traits/values',
    tag: 'User Traits',
    scope: 'users:read',
    summary: 'Values of one trait (strings as is, other JSON values as JSON text) with their user counts, most common first',
    params: { key: traitKey, ...pagingParams },
    response: TraitValuesSchema,
    run: async ({ store, query, params }) => ({ data: await traitValues(store, query, params.key, pageWindow(params)) }),
  });
  registerReport(app, deps, {
    path: '/user-traits/users',
    tag: 'User Traits',
    scope: 'users:read',
    summary: 'Identified users whose trait key has the value (as /user-traits/values shows it), with their latest traits, by user id',
    params: { key: traitKey, value: z.string().min(1).max(2048).describe('the trait value'), ...pagingParams },
    response: TraitUsersSchema,
    run: async ({ store, query, params }) => ({ data: await traitUsers(store, query, params.key, params.value, pageWindow(params)) }),
  });
}

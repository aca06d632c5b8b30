// GET /users (sorted, paged, with a total), /users/{userId} (one user with recent sessions), and the trait routes.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerParam } from '../integer-param.js';
import { registerReport, type ReportDeps } from '../report-route.js';
import { userDetail } from './user-detail.query.js';
import { USER_SORTS } from './user-fields.query.js';
import { userTraitsRoutes } from './user-traits.routes.js';
import { listUsers } from './users.query.js';
import { USER_SEARCH_FIELDS } from './user-search.js';
import { UserDetailSchema, UserListSchema } from './users.schema.js';

/** One of a closed set of words; empty or absent means `fallback`. */
function word<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.preprocess((value) => (value === '' ? undefined : value), z.enum(values).default(fallback));
}

export async function usersRoutes(app: FastifyInstance, deps: ReportDeps): Promise<void> {
  registerReport(app, deps, {
    path: '/users',
    tag: 'Users',
    scope: 'users:read',
    summary:
      'Users (keyed by identified id, else anonymous visitor id) with an event matching the filters; figures over all their ' +
      'events in range, device and place from the latest event, events = custom events, traits = latest identify traits or null; ' +
      '`{data, totalCount, page, pageSize}`',
    params: {
      page: integerParam(1, 1_000_000, 1).describe('1-based page number (default 1)'),
      page_size: integerParam(1, 1000, 100).describe('users per page, 1..1000 (default 100)'),
      sort_by: word(USER_SORTS, 'last_seen').describe(`sort key: ${USER_SORTS.join(', ')} (default last_seen)`),
      sort_order: word(['asc', 'desc'], 'desc').describe('asc or desc (default desc)'),
      identified_only: word(['true', 'false'], 'false').describe('true: only people known by an identified user id'),
      search: z.string().max(256).optional().describe('only identified people whose search_field holds this text (case-insensitive, no wildcards); blank: no search'),
      search_field: word(USER_SEARCH_FIELDS, 'username').describe(
        `where search looks: ${USER_SEARCH_FIELDS.join(', ')} (default username); user_id is the identified user id, the others that trait of the latest identify call`,
      ),
    },
    response: UserListSchema,
    run: async ({ store, query, params }) =>
      listUsers(store, query, {
        page: params.page,
        pageSize: params.page_size,
        sortBy: params.sort_by,
        sortOrder: params.sort_order,
        identifiedOnly: params.identified_only === 'true',
        search: params.search?.trim() ? { text: params.search.trim(), field: params.search_field } : undefined,
      }),
  });
  registerReport(app, deps, {
    path: '/users/:userId',
    tag: 'Users',
    scope: 'users:read',
    summary:
      'One user, as Rybbit shapes it: sessions (a number), duration (mean seconds), first and last seen, device and ' +
      'place of the latest session, first referrer/channel/entry page/UTM, last referrer/channel, timezone, traits, linked_devices ' +
      '(visitor ids identify linked), vitals (p75s, null without samples), locations and devices (20 most used); figures over all ' +
      'their events in range; their sessions are /sessions?user_id=; 404 when they have no event in range matching the filters',
    pathParams: { userId: z.string().min(1).describe('identified user id, or anonymous visitor id') },
    response: UserDetailSchema,
    run: async ({ store, query, path }) => ({ data: await userDetail(store, query, path.userId ?? '') }),
  });
  await userTraitsRoutes(app, deps);
}

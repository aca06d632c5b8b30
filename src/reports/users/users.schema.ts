// Response schemas of GET /users, /users/{userId} and /user-traits/*: rows from the field catalogs, traits as stored JSON.
import { z } from 'zod';
import { catalogRowShape } from '../catalog-row.schema.js';
import { WEB_VITALS } from '../performance/web-vitals.js';
import { USER_FIELDS } from './user-fields.query.js';
import { PROFILE_FIELDS } from './user-profile-sql.js';

const traits = z.unknown().describe('the latest traits of identify calls (a JSON object), or null');

export const UserListSchema = z.object({
  data: z.array(z.object({ ...catalogRowShape(USER_FIELDS), traits })),
  totalCount: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

const vitals = z.object({
  ...Object.fromEntries(WEB_VITALS.map(({ name }) => [`${name}_p75`, z.number().nullable()])),
  performance_events: z.number(),
});

export const UserDetailSchema = z.object({
  data: z.object({
    ...catalogRowShape(PROFILE_FIELDS),
    traits,
    linked_devices: z.array(z.object({ anonymous_id: z.string(), created_at: z.string() })),
    vitals: vitals.nullable(),
    locations: z.array(z.object({ country: z.string(), region: z.string(), city: z.string(), sessions: z.number(), last_seen: z.string() })),
    devices: z.array(z.object({
      device_type: z.string(), browser: z.string(), browser_version: z.string(), operating_system: z.string(), operating_system_version: z.string(),
      screen_width: z.number(), screen_height: z.number(), sessions: z.number(), last_seen: z.string(),
    })),
  }),
});

export const TraitKeysSchema = z.object({ data: z.array(z.object({ key: z.string(), count: z.number() })) });
export const TraitValuesSchema = z.object({ data: z.array(z.object({ value: z.string(), count: z.number() })) });
export const TraitUsersSchema = z.object({ data: z.array(z.object({ user_id: z.string(), traits })) });

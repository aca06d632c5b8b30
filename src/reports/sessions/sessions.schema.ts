// Response schemas of GET /sessions and /sessions/{sessionId}: the session row from its field catalog, the events with their time spent.
import { z } from 'zod';
import { catalogRowShape } from '../catalog-row.schema.js';
import { SESSION_FIELDS } from './session-fields.js';

export const SessionRowSchema = z.object({
  ...catalogRowShape(SESSION_FIELDS),
  has_replay: z.number().int().describe('1 when the session has a recording to play (GET /session-replay/{sessionId}), else 0'),
});

export const SessionListSchema = z.object({ data: z.array(SessionRowSchema) });

export const SessionEventSchema = z.object({
  timestamp: z.string(),
  type: z.string(),
  pathname: z.string(),
  hostname: z.string(),
  page_title: z.string(),
  event_name: z.string(),
  props: z.unknown(),
  referrer: z.string(),
  time_spent: z.number().nullable().describe("seconds from this event to the session's next one (time on a page); null for its last event"),
});

export const SessionDetailSchema = z.object({
  data: z.object({
    session: SessionRowSchema,
    events: z.array(SessionEventSchema),
    pagination: z.object({ total: z.number(), limit: z.number(), offset: z.number(), hasMore: z.boolean() }),
  }),
});

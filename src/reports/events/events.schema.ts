// The answers of /events (a page, or a live feed's poll), /events/properties and /events/outbound.
import { z } from 'zod';

const utcMillis = 'YYYY-MM-DD HH:MM:SS.mmm in UTC';

export const EventListItemSchema = z.object({
  timestamp: z.string().describe(utcMillis),
  type: z.string(),
  event_name: z.string(),
  pathname: z.string(),
  hostname: z.string(),
  page_title: z.string(),
  props: z.unknown().describe('the event properties parsed from JSON ({} when there are none; the stored text when it is not JSON)'),
  properties: z.string().describe("the same properties as the stored JSON text ('{}' when there are none): Rybbit's field"),
  session_id: z.string(),
  user_id: z.string(),
  identified_user_id: z.string(),
  country: z.string(),
  browser: z.string(),
  device_type: z.string(),
  querystring: z.string(),
  referrer: z.string(),
  browser_version: z.string(),
  operating_system: z.string(),
  operating_system_version: z.string(),
  language: z.string(),
  region: z.string().describe("ISO 3166-2 code such as 'US-CA' ('' without a city database)"),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
  screen_width: z.number().int(),
  screen_height: z.number().int(),
});

export type EventListItem = z.output<typeof EventListItemSchema>;

export const EventPageSchema = z.object({
  data: z.array(EventListItemSchema),
  cursor: z.object({
    hasMore: z.boolean().describe('false on the last page'),
    oldestTimestamp: z.string().nullable().describe(`the oldest event's timestamp (${utcMillis}), to pass back as before_timestamp; null when the page is empty`),
  }),
});

export type EventPage = z.output<typeof EventPageSchema>;

export const EventsSinceSchema = z.object({ data: z.array(EventListItemSchema) });

/** A page (without since_timestamp) or a live feed's poll (with it); the page is tried first, as it has the cursor. */
export const EventsResponseSchema = z.union([EventPageSchema, EventsSinceSchema]);

export const EventPropertiesResponseSchema = z.object({
  data: z.array(z.object({
    propertyKey: z.string(),
    propertyValue: z.string().describe('a string value as it is, any other JSON value as its JSON text'),
    count: z.number().int(),
  })),
});

export const OutboundLinksResponseSchema = z.object({
  data: z.array(z.object({ url: z.string(), count: z.number().int(), lastClicked: z.string().describe('YYYY-MM-DD HH:MM:SS in UTC') })),
});

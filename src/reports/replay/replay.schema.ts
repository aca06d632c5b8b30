// The replay routes' answers as Rybbit's web app reads them (snake_case, times as 'YYYY-MM-DD HH:MM:SS.mmm' UTC).
import { z } from 'zod';

const common = {
  session_id: z.string().describe('the session id (decimal UInt64): the same id as in the sessions report'),
  user_id: z.string().describe('the anonymous visitor id'),
  identified_user_id: z.string().describe('the identified user, \'\' when anonymous'),
  traits: z.unknown().describe('the identified user\'s latest traits, null when none'),
  start_time: z.string(),
  end_time: z.string(),
  duration_ms: z.number().int(),
  page_url: z.string().describe('the page the recording started on'),
  event_count: z.number().int().describe('rrweb events recorded'),
  entry_page: z.string().describe('the session\'s first pageview path'),
  channel: z.string().describe('the session\'s first channel'),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  browser: z.string(),
  browser_version: z.string(),
  operating_system: z.string(),
  operating_system_version: z.string(),
  device_type: z.string(),
  screen_width: z.number().int(),
  screen_height: z.number().int(),
};

export const ReplayListItemSchema = z.object(common);

export const ReplayListSchema = z.object({
  data: z.array(ReplayListItemSchema),
  totalCount: z.number().int().optional(),
});

const RrwebEventSchema = z.object({ type: z.number().int(), data: z.unknown(), timestamp: z.number() }).passthrough();

export const ReplayRecordingSchema = z.object({
  events: z.array(RrwebEventSchema),
  metadata: z.object({
    ...common,
    compressed_size_bytes: z.number().int().describe('bytes of the recording\'s events as received (the store compresses them further)'),
    user_agent: z.string(),
    language: z.string(),
    lat: z.number(),
    lon: z.number(),
    hostname: z.string(),
    referrer: z.string(),
    has_replay_data: z.boolean(),
    created_at: z.string(),
  }),
});

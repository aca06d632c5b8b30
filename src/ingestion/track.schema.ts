// The POST /api/track payload: shared fields composed once, type-specific rules checked per event type.
import { isIP } from 'node:net';
import { z } from 'zod';
import { EVENT_TYPES } from './event-types.js';
import { amountText, isCurrencyCode } from '../revenue/revenue-input.js';
import { ENGAGED_MS_MAX, ERROR_PROPERTIES_MAX, FEATURE_FLAGS_MAX, PROPERTIES_MAX, SCREEN_MAX, TEXT_MAX } from './payload-limits.js';

export { EVENT_TYPES, type EventType } from './event-types.js';

const vital = z.number().min(0).nullable().optional();
const count = z.number().int().min(0);

/** Revenue of a custom event: an exact decimal amount (a JSON number or decimal text, up to 4 places) and its ISO 4217 currency. */
const RevenueSchema = z
  .object({
    amount: z.union([z.number(), z.string().max(32)]).refine((value) => amountText(value) !== undefined, 'must be a decimal amount with at most 4 places and 14 digits before the point'),
    currency: z.string().refine(isCurrencyCode, 'must be an ISO 4217 currency code such as EUR'),
  })
  .strict();

const TrackFieldsSchema = z
  .object({
    site_id: z.string().min(1).max(TEXT_MAX.site_id),
    type: z.enum(EVENT_TYPES).default('pageview'),
    hostname: z.string().max(TEXT_MAX.hostname).optional(),
    pathname: z.string().max(TEXT_MAX.pathname).optional(),
    querystring: z.string().max(TEXT_MAX.querystring).optional(),
    referrer: z.string().max(TEXT_MAX.referrer).optional(),
    page_title: z.string().max(TEXT_MAX.page_title).optional(),
    language: z.string().max(TEXT_MAX.language).optional(),
    screenWidth: count.max(SCREEN_MAX).optional(),
    screenHeight: count.max(SCREEN_MAX).optional(),
    event_name: z.string().max(TEXT_MAX.event_name).optional(),
    properties: z.string().max(ERROR_PROPERTIES_MAX).optional(),
    lcp: vital,
    cls: vital,
    inp: vital,
    fcp: vital,
    ttfb: vital,
    user_id: z.string().max(TEXT_MAX.user_id).optional(),
    anonymous_id: z.string().min(1).max(TEXT_MAX.anonymous_id).optional(),
    tag: z.string().max(TEXT_MAX.tag).optional(),
    ip_address: z.string().refine((value) => isIP(value) !== 0, 'Invalid IP address').optional(),
    user_agent: z.string().max(TEXT_MAX.user_agent).optional(),
    _bs: count.optional(),
    _bsm: count.optional(),
    feature_flags: z.record(z.string().max(100), z.string().max(2048)).optional(),
    revenue: RevenueSchema.optional(),
    engaged_ms: count.max(ENGAGED_MS_MAX).optional(),
    scroll_depth: count.max(100).optional(),
  })
  .strict();

const OutboundPropertiesSchema = z.object({ url: z.url(), text: z.string().optional(), target: z.string().optional() }).passthrough();
const ErrorPropertiesSchema = z
  .object({
    message: z.string(),
    stack: z.string().optional(),
    fileName: z.string().optional(),
    lineNumber: z.number().optional(),
    columnNumber: z.number().optional(),
  })
  .passthrough();

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export const TrackPayloadSchema = TrackFieldsSchema.superRefine((event, ctx) => {
  const issue = (message: string, path?: string) => ctx.addIssue({ code: 'custom', message, ...(path ? { path: [path] } : {}) });
  if (event.type !== 'error' && event.properties !== undefined && event.properties.length > PROPERTIES_MAX) {
    issue(`Too big: expected string to have <=${PROPERTIES_MAX} characters`, 'properties');
  }
  if (event.feature_flags !== undefined && JSON.stringify(event.feature_flags).length > FEATURE_FLAGS_MAX) {
    issue(`Too big: expected feature_flags to have <=${FEATURE_FLAGS_MAX} characters as JSON`, 'feature_flags');
  }
  if (event.type === 'custom_event' && !event.event_name) issue('Custom events require event_name');
  if (event.revenue !== undefined && event.type !== 'custom_event') issue('Only custom events carry revenue', 'revenue');
  if (event.type === 'engagement' && event.engaged_ms === undefined) issue('Engagement events require engaged_ms', 'engaged_ms');
  if (event.type !== 'engagement') {
    if (event.engaged_ms !== undefined) issue('Only engagement events carry engaged_ms', 'engaged_ms');
    if (event.scroll_depth !== undefined) issue('Only engagement events carry scroll_depth', 'scroll_depth');
  }
  if (event.type === 'error' && !event.event_name) issue('Error events require event_name (the error type)');
  const needsProperties = event.type === 'outbound' || event.type === 'error';
  if (event.properties === undefined || event.properties === '') {
    if (needsProperties) issue(`${event.type === 'outbound' ? 'Outbound' : 'Error'} events require properties`, 'properties');
    return;
  }
  const parsed = parseJson(event.properties);
  if (!parsed.ok) {
    issue('Properties must be valid JSON', 'properties');
    return;
  }
  const detailSchema = event.type === 'outbound' ? OutboundPropertiesSchema : event.type === 'error' ? ErrorPropertiesSchema : undefined;
  if (detailSchema) {
    const details = detailSchema.safeParse(parsed.value);
    if (!details.success) {
      for (const problem of details.error.issues) issue(`properties.${problem.path.join('.') || 'value'}: ${problem.message}`, 'properties');
    }
  } else if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    issue('Properties must be a JSON object', 'properties');
  }
});

export type TrackPayload = z.infer<typeof TrackPayloadSchema>;

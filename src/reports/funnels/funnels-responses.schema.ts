// The answers of the funnel routes, as Zod schemas: documented in the OpenAPI document and serialized through.
import { z } from 'zod';
import { RevenueSchema } from '../../revenue/revenue-summary.js';

export const FunnelAnalysisSchema = z.object({
  data: z.array(z.object({
    step_number: z.number().int(),
    step_name: z.string(),
    sessions: z.number().int().describe('sessions that reached the step'),
    visitors: z.number().int().describe('equal to sessions'),
    conversion_rate: z.number().describe('sessions x 100 / step-1 sessions, 2 decimals'),
    dropoff_rate: z.number().describe("(1 - sessions / the previous step's sessions) x 100, 2 decimals; 0 for step 1"),
    revenue: RevenueSchema.optional().describe(
      "last step only, when it is an event step: revenue its matching custom events carried in the completing sessions from the moment they reached it; average = total / the step's sessions",
    ),
  })),
});

/** A saved step: empty optional fields left out, property values as text. */
const SavedFunnelStepSchema = z.object({
  type: z.enum(['page', 'event']),
  value: z.string(),
  name: z.string().optional(),
  hostname: z.string().optional(),
  propertyFilters: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
});

export const SavedFunnelsSchema = z.object({
  data: z.array(z.object({ funnelId: z.number().int(), name: z.string(), steps: z.array(SavedFunnelStepSchema), createdAt: z.string() })),
});

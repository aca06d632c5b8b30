// The answer of GET /journeys, declared so the OpenAPI document (and the dashboard's types) describe it.
import { z } from 'zod';

export const JourneySchema = z.object({
  path: z.array(z.string()).describe('the pages of the journey, in order'),
  count: z.number().int().describe('sessions whose journey this is'),
  percentage: z.number().describe('share of all the sessions counted (%, 2 decimals)'),
});

export const JourneysAnswerSchema = z.object({ journeys: z.array(JourneySchema) });

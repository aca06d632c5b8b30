// The answer of GET /retention, declared so the OpenAPI document (and the dashboard's types) describe it.
import { z } from 'zod';
import { RETENTION_MODES } from './retention-periods.js';

const CohortSchema = z.object({
  size: z.number().int().describe('users first seen in the period'),
  percentages: z.array(z.number().nullable()).describe('% of the cohort active i periods later; null for periods still to come'),
});

export const RetentionAnswerSchema = z.object({
  data: z.object({
    cohorts: z.record(z.string(), CohortSchema).describe("cohorts keyed by their period's first day (YYYY-MM-DD), oldest first"),
    maxPeriods: z.number().int().describe('the latest period anyone returned in (0 when none did)'),
    mode: z.enum(RETENTION_MODES),
    range: z.number().int().describe('the window, in days before the day it ends with'),
  }),
});

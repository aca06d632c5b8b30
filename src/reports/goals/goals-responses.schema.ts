// The answers of the goals report routes, as Zod schemas: documented in the OpenAPI document and serialized through.
import { z } from 'zod';
import { GOAL_TYPES } from '../../goals/index.js';
import { RevenueSchema } from '../../revenue/revenue-summary.js';

/** A stored goal's config: only the fields its type uses; property values are kept as text. */
export const StoredGoalConfigSchema = z.object({
  pathPattern: z.string().optional(),
  eventName: z.string().optional(),
  valuePattern: z.string().optional(),
  propertyFilters: z.array(z.object({ key: z.string(), value: z.string() })).readonly().optional(),
});

const conversionFigures = {
  total_conversions: z.number().int().describe('sessions with at least one matching event'),
  total_sessions: z.number().int().describe('sessions in range (with the filters)'),
  conversion_rate: z.number().describe('total_conversions / total_sessions, 0..1, 4 decimals; 0 without sessions'),
};

export const GoalsReportSchema = z.object({
  data: z.array(z.object({
    goalId: z.number().int(),
    name: z.string().nullable(),
    goalType: z.enum(GOAL_TYPES),
    config: StoredGoalConfigSchema,
    createdAt: z.string(),
    ...conversionFigures,
    revenue: RevenueSchema.describe("the revenue of the goal's matching custom events (event goals; other types have none); average = total / total_conversions"),
  })),
  meta: z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int() }),
});

export const GoalsTimeSeriesSchema = z.object({
  data: z.array(z.object({
    time: z.string().describe('bucket start, YYYY-MM-DD HH:MM:SS in time_zone'),
    goal_id: z.number().int(),
    conversions: z.number().int(),
    total_sessions: z.number().int(),
    conversion_rate: z.number(),
  })),
});

export const GoalPreviewSchema = z.object({ data: z.object(conversionFigures) });

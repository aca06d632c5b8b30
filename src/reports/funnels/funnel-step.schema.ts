// Funnel steps as sent (a page pattern or an event name) and as the goal definitions they are matched by.
import { z } from 'zod';
import { WILDCARD_LIMIT_MESSAGE, withinWildcardLimit } from '../../platform/wildcards/wildcard-limit.js';
import type { GoalDefinition } from '../../goals/index.js';
import { PropertyFiltersSchema, propertyFiltersOf } from '../../goals/index.js';

export const FunnelStepSchema = z.object({
  type: z.enum(['page', 'event']),
  value: z.string().min(1).max(1024).describe('page: a path pattern (`*` = one segment, `**` = anything); event: the exact event name'),
  name: z.string().max(120).nullable().optional().describe('shown as step_name (default: value)'),
  hostname: z.string().max(253).nullable().optional().describe('only events on this hostname'),
  propertyFilters: PropertyFiltersSchema.optional().describe('all must match: query parameters (page) or event properties (event)'),
}).superRefine((step, context) => {
  if (step.type === 'page' && !withinWildcardLimit(step.value)) context.addIssue({ code: 'custom', path: ['value'], message: WILDCARD_LIMIT_MESSAGE });
});

export const FunnelStepsSchema = z.array(FunnelStepSchema).min(2, 'A funnel needs at least 2 steps').max(20);

export type FunnelStepBody = z.output<typeof FunnelStepSchema>;

export interface FunnelStep {
  readonly type: 'page' | 'event';
  readonly value: string;
  readonly name?: string;
  readonly hostname?: string;
  readonly propertyFilters?: Array<{ readonly key: string; readonly value: string }>;
}

/** The step without empty optional fields, property values as text. */
export function funnelStepOf(body: FunnelStepBody): FunnelStep {
  const propertyFilters = propertyFiltersOf(body.propertyFilters);
  return {
    type: body.type,
    value: body.value,
    ...(body.name ? { name: body.name } : {}),
    ...(body.hostname ? { hostname: body.hostname } : {}),
    ...(propertyFilters ? { propertyFilters } : {}),
  };
}

/** A page step is a path goal, an event step an event goal: the same matching rules as goals. */
export function stepGoal(step: FunnelStep): GoalDefinition {
  const config = step.type === 'page' ? { pathPattern: step.value } : { eventName: step.value };
  return {
    goalType: step.type === 'page' ? 'path' : 'event',
    config: { ...config, propertyFilters: step.propertyFilters },
    hostname: step.hostname,
  };
}

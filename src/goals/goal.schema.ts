// The body of POST and PUT /goals, and its normal form: only the config fields the goal type uses.
import { z } from 'zod';
import { WILDCARD_LIMIT_MESSAGE, withinWildcardLimit } from '../platform/wildcards/wildcard-limit.js';
import { GOAL_TYPES, type GoalConfig, type GoalType, type PropertyFilter } from './goal-matching/goal-definition.js';

/** `{key, value}`; a number or boolean value is kept as its text (how properties are compared). */
export const PropertyFilterSchema = z.object({
  key: z.string().min(1).max(256),
  value: z.union([z.string().max(2048), z.number(), z.boolean()]),
});

export const PropertyFiltersSchema = z.array(PropertyFilterSchema).max(20);

const patternText = (max: number) => z.string().max(max).nullable().optional();
const wildcardText = (max: number) => z.string().max(max).refine(withinWildcardLimit, WILDCARD_LIMIT_MESSAGE).nullable().optional();

export const GoalConfigSchema = z.object({
  pathPattern: wildcardText(1024).describe('path goals: `*` = one path segment, `**` = anything; anchored, case-sensitive'),
  eventName: patternText(256).describe('event goals: the exact custom event name'),
  valuePattern: wildcardText(1024).describe(
    'outbound (URL), button_click (text), form_submit (formId, formName or formAction), copy (text or sourceElement): `*` = anything; anchored, case-insensitive; absent = every such event',
  ),
  propertyFilters: PropertyFiltersSchema.optional().describe('all must match: query parameters for path goals, event properties otherwise'),
});

export const GoalBodySchema = z
  .object({
    name: z.string().max(120).nullable().optional(),
    goalType: z.enum(GOAL_TYPES),
    config: GoalConfigSchema,
  })
  .superRefine((body, ctx) => {
    if (body.goalType === 'path' && !body.config.pathPattern) {
      ctx.addIssue({ code: 'custom', path: ['config', 'pathPattern'], message: 'Path goals require pathPattern' });
    }
    if (body.goalType === 'event' && !body.config.eventName) {
      ctx.addIssue({ code: 'custom', path: ['config', 'eventName'], message: 'Event goals require eventName' });
    }
  });

export type GoalBody = z.output<typeof GoalBodySchema>;

export interface GoalInput {
  readonly name: string | null;
  readonly goalType: GoalType;
  readonly config: GoalConfig;
}

export function propertyFiltersOf(filters: z.output<typeof PropertyFiltersSchema> | undefined): PropertyFilter[] | undefined {
  if (!filters || filters.length === 0) return undefined;
  return filters.map((filter) => ({ key: filter.key, value: String(filter.value) }));
}

/** Empty strings count as absent; fields the type does not use are dropped; a blank name is null. */
export function goalInputOf(body: GoalBody): GoalInput {
  const { config } = body;
  const present = (value: string | null | undefined) => (value ? value : undefined);
  const propertyFilters = propertyFiltersOf(config.propertyFilters);
  const normal: GoalConfig =
    body.goalType === 'path'
      ? { pathPattern: present(config.pathPattern) }
      : body.goalType === 'event'
        ? { eventName: present(config.eventName) }
        : { valuePattern: present(config.valuePattern) };
  const withFilters = propertyFilters ? { ...normal, propertyFilters } : normal;
  const compact = Object.fromEntries(Object.entries(withFilters).filter(([, value]) => value !== undefined)) as GoalConfig;
  return { name: body.name?.trim() ? body.name.trim() : null, goalType: body.goalType, config: compact };
}

// Query and path parameters of the goals routes: pagination, order and the goal id.
import { z } from 'zod';
import { GOAL_SORTS } from '../../goals/goal.repository.js';

/** A positive integer from the query string; an empty value is absent. */
const positiveInteger = (max: number) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(max).optional());

export const GoalPageParams = {
  page: positiveInteger(1_000_000).describe('1-based page number (default 1)'),
  page_size: positiveInteger(100).describe('goals per page, 1..100 (default 10)'),
  sort: z.preprocess((value) => (value === '' ? undefined : value), z.enum(GOAL_SORTS).default('goalId'))
    .describe(`order of the goals: ${GOAL_SORTS.join(', ')} (default goalId); names compare case-insensitively, ties by goalId`),
  order: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['asc', 'desc']).default('asc')).describe('asc or desc (default asc)'),
};

export const DEFAULT_PAGE_SIZE = 10;

export const GoalIdParams = {
  goalId: z.string().regex(/^\d{1,15}$/, 'expected a positive integer').describe('the goal id'),
};

/** Ids beyond a 32-bit integer column cannot exist; they are simply unknown. */
export function goalIdOf(text: string): number | undefined {
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

export function pageMeta(total: number, page: number, pageSize: number) {
  return { total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
}

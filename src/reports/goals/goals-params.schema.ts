// Query parameters of the goals report: pagination and order (the goal id parameter is the goals feature's).
import { z } from 'zod';
import { GOAL_SORTS } from '../../goals/index.js';

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

export function pageMeta(total: number, page: number, pageSize: number) {
  return { total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
}

// The `goalId` path parameter of the goal routes (definitions and reports) and the lookup of the goal it names.
import { z } from 'zod';
import { NotFoundError } from '../platform/http/app-errors.js';
import type { Goal, GoalRepository } from './goal.repository.js';

export const GoalIdParams = {
  goalId: z.string().regex(/^\d{1,15}$/, 'expected a positive integer').describe('the goal id'),
};

/** Ids beyond a 32-bit integer column cannot exist; they are simply unknown. */
export function goalIdOf(text: string): number | undefined {
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/** The site's goal named by the path's `goalId`: 404 "Goal not found" for an unknown id or another site's goal. */
export async function requireGoal(goals: GoalRepository, siteId: number, goalIdText: string): Promise<Goal> {
  const goalId = goalIdOf(goalIdText);
  const goal = goalId === undefined ? undefined : await goals.get(siteId, goalId);
  if (!goal) throw new NotFoundError('Goal not found');
  return goal;
}

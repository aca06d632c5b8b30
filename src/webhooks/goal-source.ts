// Goals for webhook triggers, matched by the same goal-matching module the goal reports use.
import { goalEventOf, goalMatchesEvent } from '../goals/index.js';
import type { GoalRepository } from '../goals/index.js';
import type { GoalSource, TriggerGoal } from './webhook-triggers.js';

export function goalSourceOf(goals: GoalRepository): GoalSource {
  return {
    async goals(siteId, goalIds) {
      const wanted = new Set(goalIds);
      return (await goals.list(siteId))
        .filter((goal) => wanted.has(goal.goalId))
        .map((goal): TriggerGoal => ({
          goalId: goal.goalId,
          name: goal.name ?? goal.config.pathPattern ?? goal.config.eventName ?? `Goal ${goal.goalId}`,
          goalType: goal.goalType,
          matches: (row) => goalMatchesEvent(goal, goalEventOf(row)),
        }));
    },
  };
}

// The goals feature's public entry: its wiring, the definitions' repository and schema, and goal matching.
export { registerGoals, type GoalsModule, type GoalsModuleDeps } from './goals-module.js';
export { GOAL_SORTS, GoalRepository, type Goal } from './goal.repository.js';
export { GoalBodySchema, PropertyFiltersSchema, goalInputOf, propertyFiltersOf } from './goal.schema.js';
export { GoalIdParams, goalIdOf, requireGoal } from './goal-id-param.js';
export * from './goal-matching/goal-matching.js';
export { isLiteralPattern } from './goal-matching/wildcard-pattern.js';

// The goal-matching module's public face: one rule, for one event in JavaScript and for many rows in SQL.
export { GOAL_TARGETS, GOAL_TYPES, type GoalConfig, type GoalDefinition, type GoalTarget, type GoalType, type PropertyFilter } from './goal-definition.js';
export { goalEventOf, type GoalEvent } from './goal-event.js';
export { goalMatchesEvent } from './goal-matches-event.js';
export { goalConditionSql } from './goal-condition-sql.js';
export { pathPattern, valuePattern, type CompiledPattern } from './wildcard-pattern.js';

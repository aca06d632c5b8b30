// Whether one event satisfies a goal, in JavaScript (webhooks call this per ingested event).
import { GOAL_TARGETS, type GoalDefinition } from './goal-definition.js';
import { propsObject, type GoalEvent } from './goal-event.js';
import { propertyText, urlParameterText } from './event-fields.js';
import { pathPattern, valuePattern } from './wildcard-pattern.js';

/** The same rule as `goalConditionSql`, for one event. */
export function goalMatchesEvent(goal: GoalDefinition, event: GoalEvent): boolean {
  const { config } = goal;
  if (event.type !== GOAL_TARGETS[goal.goalType].eventType) return false;
  if (goal.hostname !== undefined && (event.hostname ?? '') !== goal.hostname.toLowerCase()) return false;
  const filters = config.propertyFilters ?? [];
  if (goal.goalType === 'path') {
    if (config.pathPattern === undefined || !pathPattern(config.pathPattern).matcher.test(event.pathname ?? '')) return false;
    const parameters = event.url_parameters ?? {};
    return filters.every((filter) => urlParameterText(parameters, filter.key) === filter.value);
  }
  if (goal.goalType === 'event' && (config.eventName === undefined || event.event_name !== config.eventName)) return false;
  const props = propsObject(event.props);
  if (goal.goalType !== 'event' && config.valuePattern !== undefined) {
    const { matcher } = valuePattern(config.valuePattern);
    if (!GOAL_TARGETS[goal.goalType].valueProperties.some((key) => matcher.test(propertyText(props, key)))) return false;
  }
  return filters.every((filter) => propertyText(props, filter.key) === filter.value);
}

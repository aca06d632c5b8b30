// A goal being edited (every field as text) and the API body it becomes; labels and short descriptions of goals.
import type { GoalBody, GoalRow, GoalType } from '../../api/goals-types';

export interface PropertyFilterDraft {
  readonly key: string;
  readonly value: string;
}

export interface GoalDraft {
  readonly name: string;
  readonly goalType: GoalType;
  readonly pathPattern: string;
  readonly eventName: string;
  readonly valuePattern: string;
  readonly propertyFilters: readonly PropertyFilterDraft[];
}

/** Every type the API accepts, with what its pattern field is called and what it is compared with. */
export const GOAL_TYPES: ReadonlyArray<{ type: GoalType; label: string; field: string; hint: string }> = [
  { type: 'path', label: 'Page visit', field: 'Path pattern', hint: '* = one path segment, ** = anything; e.g. /blog/**' },
  { type: 'event', label: 'Custom event', field: 'Event name', hint: 'the exact name the site sends' },
  { type: 'outbound', label: 'Outbound link', field: 'Link URL', hint: '* = anything, case-insensitive; empty = every outbound click' },
  { type: 'button_click', label: 'Button click', field: 'Button text', hint: '* = anything, case-insensitive; empty = every button click' },
  { type: 'form_submit', label: 'Form submit', field: 'Form id, name or action', hint: '* = anything, case-insensitive; empty = every form submit' },
  { type: 'copy', label: 'Copy', field: 'Copied text or element', hint: '* = anything, case-insensitive; empty = every copy' },
];

export const goalTypeLabel = (type: GoalType) => GOAL_TYPES.find((entry) => entry.type === type)?.label ?? type;

export const EMPTY_DRAFT: GoalDraft = { name: '', goalType: 'path', pathPattern: '', eventName: '', valuePattern: '', propertyFilters: [] };

/** The draft of a saved goal. */
export function draftOf(goal: GoalRow): GoalDraft {
  const { config } = goal;
  return {
    name: goal.name ?? '',
    goalType: goal.goalType,
    pathPattern: config.pathPattern ?? '',
    eventName: config.eventName ?? '',
    valuePattern: config.valuePattern ?? '',
    propertyFilters: (config.propertyFilters ?? []).map((filter) => ({ key: filter.key, value: filter.value })),
  };
}

/** The filters with a key (rows left blank are ignored); keys and values as typed, keys trimmed. */
export function completeFilters(filters: readonly PropertyFilterDraft[]): PropertyFilterDraft[] {
  return filters.filter((filter) => filter.key.trim() !== '').map((filter) => ({ key: filter.key.trim(), value: filter.value }));
}

/** The API body, or undefined while the draft lacks what its type requires (a path pattern, an event name). */
export function bodyOf(draft: GoalDraft): GoalBody | undefined {
  const propertyFilters = completeFilters(draft.propertyFilters);
  const filters = propertyFilters.length > 0 ? { propertyFilters } : {};
  const name = draft.name.trim() === '' ? null : draft.name.trim();
  if (draft.goalType === 'path') {
    return draft.pathPattern.trim() === '' ? undefined : { name, goalType: 'path', config: { pathPattern: draft.pathPattern.trim(), ...filters } };
  }
  if (draft.goalType === 'event') {
    return draft.eventName.trim() === '' ? undefined : { name, goalType: 'event', config: { eventName: draft.eventName.trim(), ...filters } };
  }
  const pattern = draft.valuePattern.trim();
  return { name, goalType: draft.goalType, config: { ...(pattern === '' ? {} : { valuePattern: pattern }), ...filters } };
}

/** What the goal matches, in a few words: "Page visit /pricing (plan = pro)". */
export function describeGoal(goal: Pick<GoalRow, 'goalType' | 'config'>): string {
  const { config } = goal;
  const target = config.pathPattern ?? config.eventName ?? config.valuePattern ?? 'any';
  const filters = (config.propertyFilters ?? []).map((filter) => `${filter.key} = ${filter.value}`).join(', ');
  return `${goalTypeLabel(goal.goalType)} ${target}${filters ? ` (${filters})` : ''}`;
}

/** The goal's name, or what it matches when it has none. */
export const goalTitle = (goal: Pick<GoalRow, 'name' | 'goalType' | 'config'>) => goal.name ?? describeGoal(goal);

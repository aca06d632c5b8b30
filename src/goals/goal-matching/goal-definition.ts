// What a goal (or a funnel step) is matched by: its type, its config and an optional hostname.

export const GOAL_TYPES = ['path', 'event', 'outbound', 'button_click', 'form_submit', 'copy'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** One `{key, value}` condition: a query parameter (path goals) or an event property (all other types). */
export interface PropertyFilter {
  readonly key: string;
  readonly value: string;
}

export interface GoalConfig {
  /** Path goals: `*` = one path segment, `**` = anything, anchored at both ends, case-sensitive. */
  readonly pathPattern?: string | undefined;
  /** Event goals: the custom event's exact name. */
  readonly eventName?: string | undefined;
  /** Autocapture goals: `*` = any run of characters, anchored, case-insensitive; absent = every such event. */
  readonly valuePattern?: string | undefined;
  /** All must match. */
  readonly propertyFilters?: readonly PropertyFilter[] | undefined;
}

export interface GoalDefinition {
  readonly goalType: GoalType;
  readonly config: GoalConfig;
  /** Funnel steps may pin a hostname (compared lowercased); saved goals leave it out. */
  readonly hostname?: string | undefined;
}

/** What each goal type looks at: the event type it matches, and the properties its valuePattern is compared with. */
export interface GoalTarget {
  readonly eventType: string;
  /** The valuePattern matches when it matches any of these event properties. */
  readonly valueProperties: readonly string[];
}

/**
 * The autocapture property names Loupe reads (the tracker sends them in `properties`):
 * outbound `{url, text?, target?}`, button_click `{text}`, form_submit `{formId, formName, formAction}`,
 * copy `{text, sourceElement}` (the copied text and the tag name of the element it was copied from).
 */
export const GOAL_TARGETS: Readonly<Record<GoalType, GoalTarget>> = {
  path: { eventType: 'pageview', valueProperties: [] },
  event: { eventType: 'custom_event', valueProperties: [] },
  outbound: { eventType: 'outbound', valueProperties: ['url'] },
  button_click: { eventType: 'button_click', valueProperties: ['text'] },
  form_submit: { eventType: 'form_submit', valueProperties: ['formId', 'formName', 'formAction'] },
  copy: { eventType: 'copy', valueProperties: ['text', 'sourceElement'] },
};

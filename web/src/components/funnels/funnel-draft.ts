// Funnel steps being edited (every field as text), the API steps they become, and the steps kept in the URL.
import type { FunnelStepBody } from '../../api/goals-types';
import { completeFilters, type PropertyFilterDraft } from '../goals/goal-draft';

export type StepType = FunnelStepBody['type'];

export interface StepDraft {
  readonly type: StepType;
  readonly value: string;
  readonly name: string;
  readonly hostname: string;
  readonly propertyFilters: readonly PropertyFilterDraft[];
}

/** The API's bounds on a funnel. */
export const MIN_STEPS = 2;
export const MAX_STEPS = 20;

export const blankStep = (type: StepType = 'page'): StepDraft => ({ type, value: '', name: '', hostname: '', propertyFilters: [] });

export function draftsOf(steps: readonly FunnelStepBody[]): StepDraft[] {
  return steps.map((step) => ({
    type: step.type,
    value: step.value,
    name: step.name ?? '',
    hostname: step.hostname ?? '',
    propertyFilters: (step.propertyFilters ?? []).map((filter) => ({ key: filter.key, value: String(filter.value) })),
  }));
}

/** The step as the API takes it: blank optional fields left out. */
export function stepBodyOf(draft: StepDraft): FunnelStepBody {
  const propertyFilters = completeFilters(draft.propertyFilters);
  return {
    type: draft.type,
    value: draft.value.trim(),
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    ...(draft.hostname.trim() ? { hostname: draft.hostname.trim() } : {}),
    ...(propertyFilters.length > 0 ? { propertyFilters } : {}),
  };
}

/** The steps to analyze, or undefined while there are fewer than two or one has no value. */
export function stepsBodyOf(drafts: readonly StepDraft[]): FunnelStepBody[] | undefined {
  if (drafts.length < MIN_STEPS || drafts.length > MAX_STEPS || drafts.some((draft) => draft.value.trim() === '')) return undefined;
  return drafts.map(stepBodyOf);
}

const isText = (value: unknown): value is string => typeof value === 'string';
const optionalText = (value: unknown) => value === undefined || isText(value);

function stepOf(item: unknown): FunnelStepBody | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { type, value, name, hostname, propertyFilters } = item as Record<string, unknown>;
  if ((type !== 'page' && type !== 'event') || !isText(value) || value === '' || !optionalText(name) || !optionalText(hostname)) return undefined;
  const filters = propertyFilters === undefined ? [] : Array.isArray(propertyFilters) ? propertyFilters : undefined;
  if (!filters || !filters.every((filter: unknown) => typeof filter === 'object' && filter !== null && isText((filter as Record<string, unknown>).key) && isText((filter as Record<string, unknown>).value))) return undefined;
  return stepBodyOf({ type, value, name: name ?? '', hostname: hostname ?? '', propertyFilters: filters as PropertyFilterDraft[] });
}

/** The steps of the URL's `steps` value, or undefined when it is absent or malformed (the URL may be hand-edited). */
export function parseStepsParam(text: string | null): FunnelStepBody[] | undefined {
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(raw) || raw.length < MIN_STEPS || raw.length > MAX_STEPS) return undefined;
  const steps = raw.map(stepOf);
  return steps.every((step): step is FunnelStepBody => step !== undefined) ? steps : undefined;
}

/** Moves step `index` by `offset` (-1 up, +1 down); out of bounds leaves the steps as they are. */
export function moveStep<T>(steps: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  const moved = [...steps];
  const [step] = moved.splice(index, 1);
  if (step === undefined || target < 0 || target > steps.length - 1) return [...steps];
  moved.splice(target, 0, step);
  return moved;
}

// The stores `bench:insert` compares: the `events` table as the migrations leave it, and the same with one
// of the views or projections that every insert feeds taken away, so that each one's share of an insert's
// CPU shows as the difference.

export interface InsertVariant {
  readonly name: string;
  /** What the variant leaves out, for the report. */
  readonly description: string;
  /** Statements run on the freshly migrated store before the first insert. */
  readonly statements: readonly string[];
}

/** The views every insert into `events` feeds (analytics migrations), each writing a table of its own. */
export const EVENT_VIEWS: readonly string[] = [
  'sessions_from_events',
  'page_visits_from_events',
  'user_days_from_events',
  'action_events_from_events',
  'performance_events_from_events',
  'page_views_by_kind_path',
  'page_views_by_kind_title',
  'page_views_by_kind_session_path',
  'page_views_by_kind_session_title',
];

/** The projections of `events`, each sorted or grouped anew on every insert and merged with its parts. */
export const EVENT_PROJECTIONS: readonly string[] = ['user_quarters', 'events_by_type_and_path', 'events_by_channel'];

/** The store as the migrations leave it: the reference every other variant is compared with. */
export const REFERENCE_VARIANT = 'all';

const dropViews = (views: readonly string[]) => views.map((view) => `DROP VIEW ${view}`);
const dropProjections = (projections: readonly string[]) => projections.map((projection) => `ALTER TABLE events DROP PROJECTION ${projection}`);

const KIND_VIEWS = EVENT_VIEWS.filter((view) => view.startsWith('page_views_by_kind_'));
const OTHER_VIEWS = EVENT_VIEWS.filter((view) => !KIND_VIEWS.includes(view));

export const INSERT_VARIANTS: readonly InsertVariant[] = [
  { name: REFERENCE_VARIANT, description: 'every view and projection', statements: [] },
  ...OTHER_VIEWS.map((view) => ({ name: `-${view}`, description: `without the view ${view}`, statements: dropViews([view]) })),
  { name: '-page_views_by_kind', description: 'without the four page_views_by_kind views', statements: dropViews(KIND_VIEWS) },
  ...EVENT_PROJECTIONS.map((projection) => ({
    name: `-${projection}`,
    description: `without the projection ${projection}`,
    statements: dropProjections([projection]),
  })),
  { name: 'events-only', description: 'the events table alone: no view, no projection', statements: [...dropViews(EVENT_VIEWS), ...dropProjections(EVENT_PROJECTIONS)] },
];

/** The variants whose name matches `only` (every one without it), the reference always first. */
export function selectVariants(only: RegExp | undefined): InsertVariant[] {
  const chosen = INSERT_VARIANTS.filter((variant) => variant.name !== REFERENCE_VARIANT && (only === undefined || only.test(variant.name)));
  return [INSERT_VARIANTS[0]!, ...chosen];
}

export function variantNamed(name: string): InsertVariant | undefined {
  return INSERT_VARIANTS.find((variant) => variant.name === name);
}

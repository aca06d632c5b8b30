// The kinds of data an import takes: Rybbit's three platforms, Loupe's own raw events, and the
// daily aggregates of a Plausible CSV export, Google Analytics 4's BigQuery export, PostHog's events export and Matomo's visit log.
export const IMPORT_PLATFORMS = ['umami', 'simple_analytics', 'plausible', 'loupe', 'plausible_csv', 'ga4', 'posthog', 'matomo'] as const;

export type ImportPlatform = (typeof IMPORT_PLATFORMS)[number];

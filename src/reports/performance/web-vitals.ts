// The web-vitals columns and how their quantiles are computed and rounded (exact, linearly interpolated).

/** Column and rounding (decimal places) of each vital: milliseconds to 2 places, layout shift to 4. */
export const WEB_VITALS = [
  { name: 'lcp', decimals: 2 },
  { name: 'cls', decimals: 4 },
  { name: 'inp', decimals: 2 },
  { name: 'fcp', decimals: 2 },
  { name: 'ttfb', decimals: 2 },
] as const;

export type WebVital = (typeof WEB_VITALS)[number]['name'];

/** The quantiles of `/performance/overview`, as column suffixes (`lcp_p75`) and levels. */
export const OVERVIEW_QUANTILES = [
  { suffix: 'p50', level: 0.5 },
  { suffix: 'p75', level: 0.75 },
  { suffix: 'p90', level: 0.9 },
  { suffix: 'p99', level: 0.99 },
] as const;

/**
 * Exact quantiles with linear interpolation between the two nearest samples (the "inclusive" definition,
 * numpy's default): the p75 of 100, 200, 300, 400 is 325. NULL samples are ignored; no samples gives NaN
 * (read as null). The samples are taken as plain numbers where not NULL (the `If` form) rather than through the
 * engine's Nullable wrapper: the same values, about a tenth less time for the five vitals of 1.7 M samples.
 */
export function quantilesSql(vital: WebVital, levels: readonly number[]): string {
  return `quantilesExactInclusiveIf(${levels.join(', ')})(assumeNotNull(${vital}), ${vital} IS NOT NULL)`;
}

/** A quantile as returned (null or NaN when there were no samples), rounded for the response. */
export function roundVital(vital: WebVital, value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const decimals = WEB_VITALS.find((entry) => entry.name === vital)?.decimals ?? 2;
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** `lcp_p75`, `cls_p75`, ... columns: each vital's p75 (an array of one element per row). */
export function p75Columns(): string {
  return WEB_VITALS.map(({ name }) => `${quantilesSql(name, [0.75])} AS ${name}_p75`).join(',\n  ');
}

export type P75Figures = Record<`${WebVital}_p75`, number | null>;

type QuantileSuffix = (typeof OVERVIEW_QUANTILES)[number]['suffix'];
export type QuantileFigures = Record<`${WebVital}_${QuantileSuffix}`, number | null>;

/** `lcp_q`, `cls_q`, ...: each vital's p50, p75, p90 and p99 as one array column per row. */
export function quantileArrayColumns(): string {
  const levels = OVERVIEW_QUANTILES.map((quantile) => quantile.level);
  return WEB_VITALS.map(({ name }) => `${quantilesSql(name, levels)} AS ${name}_q`).join(',\n  ');
}

/** Reads the array columns of `quantileArrayColumns()` into `lcp_p50` ... `ttfb_p99`, rounded. */
export function readQuantiles(row: Readonly<Record<string, unknown>> | undefined): QuantileFigures {
  const figures: Record<string, number | null> = {};
  for (const { name } of WEB_VITALS) {
    const values = row?.[`${name}_q`];
    OVERVIEW_QUANTILES.forEach(({ suffix }, index) => {
      figures[`${name}_${suffix}`] = roundVital(name, Array.isArray(values) ? values[index] : undefined);
    });
  }
  return figures as QuantileFigures;
}

/** Reads the p75 columns of a row from `p75Columns()`. */
export function readP75(row: Readonly<Record<string, unknown>> | undefined): P75Figures {
  const figures: Partial<P75Figures> = {};
  for (const { name } of WEB_VITALS) {
    const values = row?.[`${name}_p75`];
    figures[`${name}_p75`] = roundVital(name, Array.isArray(values) ? values[0] : undefined);
  }
  return figures as P75Figures;
}

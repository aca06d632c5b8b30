// The issue's criteria for a soak run: resident memory levels off (the last sixth of the run within 10 % of
// the stretch from a third to a half of it: minutes 50-60 against 20-30 of an hour), no acknowledged event
// lost, freshness p99 under 5 s, and the resident memory once ready on the data set at most 350 MB.
export interface RssSample {
  /** Seconds since the load started. */
  readonly t: number;
  readonly rssMb: number;
}

export interface SoakVerdictInput {
  readonly minutes: number;
  readonly samples: readonly RssSample[];
  readonly readyRssMb: number;
  readonly acknowledged: number;
  readonly stored: number;
  /** Requests sent and never answered (cut when the load stopped): may or may not be stored. */
  readonly unanswered: number;
  readonly freshnessP99Ms: number;
  readonly neverCounted: number;
}

export interface Criterion {
  readonly name: string;
  readonly measured: string;
  readonly target: string;
  readonly ok: boolean;
}

export const LEVEL_TOLERANCE = 0.1;
export const FRESHNESS_P99_TARGET_MS = 5000;
export const READY_RSS_TARGET_MB = 350;

/** The two stretches compared, in minutes: [T/3, T/2) and [5T/6, T]. */
export function levelWindows(minutes: number): { middle: [number, number]; last: [number, number] } {
  return { middle: [minutes / 3, minutes / 2], last: [(minutes * 5) / 6, minutes] };
}

/** The mean of the values samples taken from `fromMinute` to `toMinute` hold (`valueOf` undefined: none); undefined without any. */
export function meanOverMinutes<S extends { readonly t: number }>(
  samples: readonly S[],
  fromMinute: number,
  toMinute: number,
  valueOf: (sample: S) => number | undefined,
): number | undefined {
  const values = samples
    .filter((s) => s.t >= fromMinute * 60 && s.t <= toMinute * 60)
    .map(valueOf)
    .filter((value): value is number => value !== undefined);
  return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function meanRss(samples: readonly RssSample[], fromMinute: number, toMinute: number): number {
  return meanOverMinutes(samples, fromMinute, toMinute, (s) => s.rssMb) ?? 0;
}

const minutesText = ([from, to]: [number, number]): string => `${Number(from.toFixed(1))}-${Number(to.toFixed(1))}`;

export function evaluateSoak(input: SoakVerdictInput): Criterion[] {
  const { middle, last } = levelWindows(input.minutes);
  const middleMb = meanRss(input.samples, ...middle);
  const lastMb = meanRss(input.samples, ...last);
  const growth = middleMb > 0 ? lastMb / middleMb - 1 : Number.POSITIVE_INFINITY;
  const lost = Math.max(0, input.acknowledged - input.stored);
  const extra = Math.max(0, input.stored - input.acknowledged - input.unanswered);
  return [
    {
      name: 'RSS levels off',
      measured: `minutes ${minutesText(last)}: ${lastMb.toFixed(0)} MB vs ${minutesText(middle)}: ${middleMb.toFixed(0)} MB (${(growth * 100).toFixed(1)} %)`,
      target: `within ${LEVEL_TOLERANCE * 100} %`,
      ok: Math.abs(growth) <= LEVEL_TOLERANCE,
    },
    {
      name: 'no acknowledged event lost',
      measured: `stored ${input.stored} of ${input.acknowledged} acknowledged (+${input.unanswered} cut in flight); lost ${lost}, unexpected extra ${extra}`,
      target: 'lost 0, extra 0',
      ok: lost === 0 && extra === 0,
    },
    {
      name: 'freshness p99',
      measured: `${(input.freshnessP99Ms / 1000).toFixed(2)} s${input.neverCounted > 0 ? `, ${input.neverCounted} events never seen counted` : ''}`,
      target: `< ${FRESHNESS_P99_TARGET_MS / 1000} s, every event counted`,
      ok: input.freshnessP99Ms < FRESHNESS_P99_TARGET_MS && input.neverCounted === 0,
    },
    {
      name: 'ready RSS',
      measured: `${input.readyRssMb.toFixed(0)} MB`,
      target: `<= ${READY_RSS_TARGET_MB} MB (the issue's figure is for the 10 M-event set: --data-dir)`,
      ok: input.readyRssMb <= READY_RSS_TARGET_MB,
    },
  ];
}

// The UTC interval a report reads for start_date/end_date (UTC days), as the raw SQL binds it.

export interface RangeBounds {
  /** ClickHouse DateTime64(3) text in UTC. */
  readonly from: string;
  readonly to: string;
  readonly toInclusive: boolean;
}

const DAY_MS = 86_400_000;
const text = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

/** From the first day's midnight to the midnight after the last day, or up to `now` (inclusive) when that is later. */
export function reportRange(startDate: string, endDate: string, now: Date): RangeBounds {
  const from = Date.parse(`${startDate}T00:00:00Z`);
  const endExclusive = Date.parse(`${endDate}T00:00:00Z`) + DAY_MS;
  if (Number.isNaN(from) || Number.isNaN(endExclusive)) throw new Error(`bad dates ${startDate} .. ${endDate}`);
  if (endExclusive > now.getTime()) return { from: text(from), to: text(now.getTime()), toInclusive: true };
  return { from: text(from), to: text(endExclusive), toInclusive: false };
}

// Where an annotation falls on the time series: the bucket holding its start, by the bucket labels' wall time.

/** An ISO instant as `YYYY-MM-DD HH:mm:ss` wall time in `timeZone` (the labels' format). */
export function wallTimeIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The index of the last bucket starting at or before `wall`, or undefined when it is outside the series. */
export function bucketIndexOf(labels: readonly string[], wall: string, bucketEnd: string | undefined): number | undefined {
  if (labels.length === 0 || wall < (labels[0] ?? '')) return undefined;
  if (bucketEnd !== undefined && wall >= bucketEnd) return undefined;
  let found = 0;
  labels.forEach((label, index) => {
    if (label <= wall) found = index;
  });
  return found;
}

/** The ISO instant of a wall time (`YYYY-MM-DD HH:mm[:ss]`, a `T` also accepted) in `timeZone`, or undefined when it is not one. */
export function zonedWallToIso(wall: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  if (!Number.isFinite(asUtc)) return undefined;
  const offsetAt = (instant: number) => Date.parse(`${wallTimeIn(new Date(instant).toISOString(), timeZone).replace(' ', 'T')}Z`) - instant;
  // The zone's offset near the wall time, then corrected once at the instant it gives (covers a DST change in between).
  const guess = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(guess)).toISOString();
}

/** A bucket label or wall time as the value of a `datetime-local` input (`YYYY-MM-DDTHH:mm`). */
export const wallToLocalInput = (wall: string) => wall.slice(0, 16).replace(' ', 'T');

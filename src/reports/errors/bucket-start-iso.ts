// A time-series bucket label (`YYYY-MM-DD HH:MM:SS` wall time in a zone) as the ISO 8601 UTC instant it starts at.
import { instantOfWallTime } from '../../stats/zoned-time.js';

export function bucketStartIso(label: string, timeZone: string): string {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = label.split(/[- :]/).map(Number);
  return new Date(instantOfWallTime({ year, month, day, hour, minute, second }, timeZone)).toISOString();
}

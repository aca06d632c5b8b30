// Time-series bucket labels (`YYYY-MM-DD HH:MM:SS` wall time in a zone) as the ISO 8601 UTC instants they start at.
import { instantClockOf } from '../../stats/zoned-time.js';

/** A converter for one zone, for the labels of one series (it reads the zone's offsets once per hour). */
export function bucketStartIsoIn(timeZone: string): (label: string) => string {
  const instantOf = instantClockOf(timeZone);
  return (label) => {
    const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = label.split(/[- :]/).map(Number);
    return new Date(instantOf({ year, month, day, hour, minute, second })).toISOString();
  };
}

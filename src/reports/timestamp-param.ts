// A timestamp query parameter (since_timestamp, before_timestamp): SQL-style `YYYY-MM-DD HH:MM:SS[.mmm]` or ISO 8601, UTC unless an offset is given.
import { z } from 'zod';
import { parseDatetime } from '../stats/time-range.js';

/** The instants a DateTime64(3, 'UTC') parameter can hold; outside them a value is refused, never sent to the store. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(2299, 11, 31, 23, 59, 59, 999);

const MESSAGE = 'expected YYYY-MM-DD HH:MM:SS[.mmm] (UTC) or an ISO 8601 date-time';

/** The instant a timestamp parameter names, or undefined when it names none the store can hold. */
export function readTimestamp(text: string): Date | undefined {
  const ms = parseDatetime(text);
  return ms === undefined || ms < EARLIEST || ms > LATEST ? undefined : new Date(ms);
}

/** Optional: an empty value is absent; a bad one is a 400 naming the parameter. */
export function timestampParam() {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .max(40, { error: MESSAGE })
      .transform((text, context) => {
        const instant = readTimestamp(text);
        if (instant === undefined) {
          context.addIssue({ code: 'custom', message: MESSAGE });
          return z.NEVER;
        }
        return instant;
      })
      .optional(),
  );
}

// A clock that stands still until a test moves it: inject `clock.now` into createApp for deterministic time.

export interface FrozenClock {
  /** The current frozen time in milliseconds since the epoch (pass this function as the app's clock). */
  readonly now: () => number;
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the clock to an ISO time or epoch milliseconds. */
  set(time: string | number): void;
}

export const MINUTE_MS = 60_000;

export function frozenClock(start: string | number = '2026-03-10T12:00:00.000Z'): FrozenClock {
  let current = typeof start === 'number' ? start : Date.parse(start);
  if (!Number.isFinite(current)) throw new Error(`frozenClock: invalid start ${String(start)}`);
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(time) {
      const next = typeof time === 'number' ? time : Date.parse(time);
      if (!Number.isFinite(next)) throw new Error(`frozenClock: invalid time ${String(time)}`);
      current = next;
    },
  };
}

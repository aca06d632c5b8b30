// An import target whose batches can be held back: the benchmark pauses an import between its batches to
// measure the server idle under the same machine load as during the import.
import type { ImportTarget } from '../../src/imports/file-import.js';

export interface PausableTarget {
  readonly target: ImportTarget;
  /** Holds the next batch back; resolves once the batch under way has been answered. */
  pause(): Promise<void>;
  resume(): void;
}

export function pausableTarget(inner: ImportTarget): PausableTarget {
  let held: { readonly until: Promise<void>; readonly release: () => void } | undefined;
  let underWay: Promise<unknown> = Promise.resolve();
  const hold = () => {
    let release = () => undefined as void;
    const until = new Promise<void>((resolve) => { release = resolve; });
    return { until, release };
  };
  return {
    target: {
      start: (platform) => inner.start(platform),
      async send(importId, events, isLastBatch) {
        while (held) await held.until;
        const sent = inner.send(importId, events, isLastBatch);
        underWay = sent.catch(() => undefined);
        return sent;
      },
      remove: (importId) => inner.remove(importId),
    },
    async pause() {
      held ??= hold();
      await underWay;
    },
    resume() {
      const released = held;
      held = undefined;
      released?.release();
    },
  };
}

// Batches of recorded events: sent every interval or when full, at once when the page is hidden (keepalive),
// each named by the page load and a counter so a resend after a lost answer is stored once.
import type { eventWithTime } from 'rrweb';

/** Browsers refuse keepalive bodies beyond 64 KiB (all in flight together): larger ones go as plain fetches. */
const KEEPALIVE_LIMIT = 60000;
/** A batch the server did not take is kept for one more try with the next send, up to this many events. */
const MAX_KEPT_EVENTS = 5000;

export interface Batch {
  batchId: string;
  sequence: number;
  events: eventWithTime[];
}

export interface SenderOptions {
  url: string;
  batchSize: number;
  batchInterval: number;
  /** The identified user, '' when anonymous. */
  user: () => string;
}

export function createSender(options: SenderOptions) {
  const load = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
  let sequence = 0;
  let events: eventWithTime[] = [];
  let retry: Batch | null = null;

  const post = (batch: Batch) => {
    const body = JSON.stringify({
      userId: options.user(),
      events: batch.events,
      metadata: { pageUrl: location.href, viewportWidth: screen.width, viewportHeight: screen.height, language: navigator.language },
      batchId: batch.batchId,
      sequence: batch.sequence,
    });
    fetch(options.url, { method: 'POST', body, keepalive: body.length < KEEPALIVE_LIMIT, credentials: 'omit' })
      .then((response) => {
        // 4xx: the batch will never be taken (replay off, bad data); 5xx and 429: worth one more try.
        if (response.status >= 500 || response.status == 429) throw 0;
      })
      .catch(() => {
        if (!retry && batch.events.length <= MAX_KEPT_EVENTS) retry = batch;
      });
  };

  const flush = () => {
    const again = retry;
    retry = null;
    if (again) post(again);
    if (!events.length) return;
    post({ batchId: load + '.' + sequence, sequence: sequence++, events });
    events = [];
  };

  const timer = setInterval(flush, options.batchInterval);
  addEventListener('visibilitychange', () => document.visibilityState == 'hidden' && flush());
  addEventListener('pagehide', flush);

  return {
    add(event: eventWithTime) {
      events.push(event);
      if (events.length >= options.batchSize) flush();
    },
    flush,
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}

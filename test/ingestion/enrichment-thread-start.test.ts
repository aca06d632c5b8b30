// The enrichment thread starts with the first segment to enrich, not with the server (decision 0040): an
// instance that has received no event holds no second isolate. The real thread is started and counted.
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerEnricher, spawnWorker, type Enricher } from '../../src/ingestion/enrichment/enricher.js';
import type { WorkerSettings } from '../../src/ingestion/enrichment/enrichment-protocol.js';
import { intakeLine } from '../../src/ingestion/intake-record.js';
import { EVENT_COLUMNS } from '../../src/ingestion/row-columns.js';

const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function segmentOf(pathnames: readonly string[]): Buffer {
  const lines = pathnames.map((pathname, index) => intakeLine(
    { site_id: 7, at: Date.UTC(2026, 4, 4, 9, 0, index), event_id: `00000000-0000-4000-8000-00000000000${index}`, user_id: 'visitor-1', detect_bots: false, ip: '81.2.69.142', user_agent: SAFARI, headers: {} },
    { site_id: 'start-test', type: 'pageview', pathname },
    undefined,
  ));
  return Buffer.from(lines.join('\n') + '\n');
}

function countingSpawn(): { spawn: (settings: WorkerSettings) => Worker; started: () => number } {
  let count = 0;
  return {
    spawn: (settings) => {
      count += 1;
      return spawnWorker(settings);
    },
    started: () => count,
  };
}

/** The batch's TSV lines as objects of their columns' texts (no value here holds an escape). */
function rowsOf(bytes: Uint8Array): Record<string, string>[] {
  const lines = Buffer.from(bytes).toString('utf8').split('\n').filter((line) => line !== '');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((value, index) => [EVENT_COLUMNS[index]?.name ?? `#${index}`, value])));
}

describe('the enrichment thread starts with the first segment', () => {
  let enricher: Enricher | undefined;
  afterEach(async () => enricher?.close());

  it('starts no thread when made, one at the first segment, and reuses it for the next', async () => {
    const counter = countingSpawn();
    enricher = createWorkerEnricher({ maxSessions: 1000 }, counter.spawn);
    expect(counter.started()).toBe(0);

    const first = await enricher.enrich(segmentOf(['/start/a', '/start/b']), new Set());
    expect(counter.started()).toBe(1);
    const rows = rowsOf(first.events);
    expect(rows.map((row) => [row.pathname, row.browser, row.country])).toEqual([['/start/a', 'Mobile Safari', 'GB'], ['/start/b', 'Mobile Safari', 'GB']]);
    expect(rows[1]?.session_id).toBe(rows[0]?.session_id);

    const second = await enricher.enrich(segmentOf(['/start/c']), new Set());
    expect(counter.started()).toBe(1);
    // The same thread, so the same session store: the visitor's session continues.
    expect(rowsOf(second.events)[0]?.session_id).toBe(rows[0]?.session_id);
  });

  it('closes at once when no segment ever started it', async () => {
    const counter = countingSpawn();
    const unused = createWorkerEnricher({ maxSessions: 1000 }, counter.spawn);
    await unused.close();
    expect(counter.started()).toBe(0);
  });
});

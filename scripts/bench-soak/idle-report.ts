// What the soak's idle phase (`--idle S`) shows: the resident memory an instance keeps once its traffic has stopped,
// against its ready and loaded figures, and which parts gave memory back.
import { compareFigures, describeChanges, type FigureSample } from './memory-parts.js';
import type { SmapsBreakdown } from '../bench-ready/smaps-breakdown.js';
import type { RssSample } from './soak-verdict.js';

/** Seconds since the load started: when it stopped, and the idle phase's bounds. */
export interface IdleSpan {
  readonly loadSeconds: number;
  readonly idleFrom: number;
  readonly idleTo: number;
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** The last minute of the load against the last minute of the idle phase (each at most as long as its phase). */
export function idleWindows(span: IdleSpan): { load: [number, number]; idle: [number, number] } {
  const loadMinutes = span.loadSeconds / 60;
  const idleEnd = span.idleTo / 60;
  const idleStart = Math.max(span.idleFrom / 60, idleEnd - 1);
  return { load: [Math.max(0, loadMinutes - 1), loadMinutes], idle: [idleStart, idleEnd] };
}

const mb = (kb: number): string => (kb / 1024).toFixed(0);

/** The idle RSS against the loaded and ready figures, the parts' changes, and where the process's pages are at the end (`smaps`). */
export function idleReport(samples: readonly RssSample[], figures: readonly FigureSample[], readyRssMb: number, span: IdleSpan, smaps?: SmapsBreakdown): string {
  const windows = idleWindows(span);
  const within = ([from, to]: readonly [number, number]) => samples.filter((s) => s.t >= from * 60 && s.t <= to * 60).map((s) => s.rssMb);
  const loaded = mean(within(windows.load));
  const idle = within(windows.idle);
  const minutes = ((span.idleTo - span.idleFrom) / 60).toFixed(1);
  return [
    `idle: ${minutes} min without traffic after the drain; RSS ${mean(idle).toFixed(0)} MB over its last minute (last sample ${(idle[idle.length - 1] ?? NaN).toFixed(0)} MB),`,
    `  against ${loaded.toFixed(0)} MB over the load's last minute and ${readyRssMb.toFixed(0)} MB ready`,
    `memory by part, the load's last minute against the idle phase's last minute:`,
    describeChanges(compareFigures(figures, windows.load, windows.idle)),
    ...(smaps
      ? [`at the idle phase's end (smaps): anonymous ${mb(smaps.anonymousKb)} MB, largest anonymous mappings ${smaps.largestAnonymousKb.map(mb).join(', ')} MB; file-backed ${mb(smaps.fileKb)} MB`]
      : []),
  ].join('\n');
}

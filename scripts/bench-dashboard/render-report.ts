// Medians over the timed runs of the render benchmark, per request and per piece of the page, as text tables.
import type { ServedRequest } from './render-server.js';
import type { ApiTiming, RenderRun } from './render-page.js';
import type { CpuPart } from './process-cpu.js';
import { median } from '../shared/median.js';

export interface TimedRun extends RenderRun {
  readonly served: readonly ServedRequest[];
}

const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(0) : '-');

/** The server's time for each browser request of a run, matched by method-less URL in order of appearance. */
function serverTimes(run: TimedRun): Array<ApiTiming & { serverMs: number }> {
  const byUrl = new Map<string, number[]>();
  for (const served of run.served) byUrl.set(served.url, [...(byUrl.get(served.url) ?? []), served.serverMs]);
  return run.api.map((timing) => ({ ...timing, serverMs: byUrl.get(timing.url)?.shift() ?? Number.NaN }));
}

/** Rows keyed by URL plus its occurrence in the run, so a URL asked twice stays two rows. */
function keyed(run: TimedRun): Map<string, ApiTiming & { serverMs: number }> {
  const seen = new Map<string, number>();
  const rows = new Map<string, ApiTiming & { serverMs: number }>();
  for (const row of serverTimes(run)) {
    const count = (seen.get(row.url) ?? 0) + 1;
    seen.set(row.url, count);
    rows.set(count === 1 ? row.url : `${row.url} (#${count})`, row);
  }
  return rows;
}

export function requestTable(runs: readonly TimedRun[]): string {
  const perRun = runs.map(keyed);
  const keys = [...new Set(perRun.flatMap((rows) => [...rows.keys()]))];
  const stat = (key: string, pick: (row: ApiTiming & { serverMs: number }) => number) =>
    median(perRun.map((rows) => rows.get(key)).filter((row) => row !== undefined).map(pick));
  const lines = keys
    .map((key) => ({ key, start: stat(key, (row) => row.startMs), end: stat(key, (row) => row.endMs), server: stat(key, (row) => row.serverMs), queued: stat(key, (row) => row.queuedMs), wait: stat(key, (row) => row.waitMs), seen: perRun.filter((rows) => rows.has(key)).length }))
    .sort((a, b) => a.start - b.start);
  const header = `${'start'.padStart(6)} ${'end'.padStart(6)} ${'queued'.padStart(6)} ${'wait'.padStart(6)} ${'server'.padStart(6)}  runs  request`;
  const body = lines.map((line) => `${ms(line.start).padStart(6)} ${ms(line.end).padStart(6)} ${ms(line.queued).padStart(6)} ${ms(line.wait).padStart(6)} ${ms(line.server).padStart(6)}  ${String(line.seen).padStart(4)}  ${line.key}`);
  const serverSum = median(runs.map((run) => serverTimes(run).reduce((sum, row) => sum + (Number.isFinite(row.serverMs) ? row.serverMs : 0), 0)));
  return [header, ...body, `${lines.length} requests; sum of server times per run (median): ${ms(serverSum)} ms`].join('\n');
}

export function pieceTable(runs: readonly TimedRun[]): string {
  const names = [...new Set(runs.flatMap((run) => Object.keys(run.pieces)))];
  return names
    .map((name) => ({ name, at: median(runs.map((run) => run.pieces[name] ?? Number.NaN)) }))
    .sort((a, b) => a.at - b.at)
    .map((piece) => `${ms(piece.at).padStart(6)} ms  ${piece.name}`)
    .join('\n');
}

/** Each part's median CPU ms over the runs. */
export function medianCpu(runs: readonly RenderRun[]): Record<CpuPart, number> {
  const of = (part: CpuPart) => median(runs.map((run) => run.cpu[part]));
  return { server: of('server'), chromium: of('chromium'), bench: of('bench') };
}

/** `server N ms, Chromium N ms, bench N ms (sum N ms)`: beside a run's wall time, how busy the cores were. */
export function cpuLine(cpu: Readonly<Record<CpuPart, number>>): string {
  return `server ${ms(cpu.server)} ms, Chromium ${ms(cpu.chromium)} ms, bench ${ms(cpu.bench)} ms (sum ${ms(cpu.server + cpu.chromium + cpu.bench)} ms)`;
}

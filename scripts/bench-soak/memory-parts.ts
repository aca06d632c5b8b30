// The server's memory by part during a soak, read from its /metrics (loupe_process_memory_bytes,
// loupe_analytics_engine_figure, loupe_analytics_table_parts): each sample a flat map of figures, and a
// comparison of their means over two stretches of the run, largest changes first.
import { meanOverMinutes } from './soak-verdict.js';

const FAMILIES: ReadonlyArray<readonly [family: string, prefix: string]> = [
  ['loupe_process_memory_bytes', 'process'],
  ['loupe_analytics_engine_figure', 'engine'],
  ['loupe_analytics_table_parts', 'table'],
];

/** `name{a="x",b="y"} 12` -> figure key `<prefix>.x.y` (label values in order) and its value. */
export function parseMemoryFigures(exposition: string): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const line of exposition.split('\n')) {
    if (line.startsWith('#')) continue;
    const brace = line.indexOf('{');
    const close = line.lastIndexOf('}');
    if (brace < 0 || close < brace) continue;
    const family = FAMILIES.find(([name]) => name === line.slice(0, brace));
    if (family === undefined) continue;
    const labels = line.slice(brace + 1, close).split('",').map((pair) => pair.slice(pair.indexOf('"') + 1).replace(/"$/, ''));
    const value = Number(line.slice(close + 1).trim());
    if (Number.isFinite(value)) figures[[family[1], ...labels].join('.')] = value;
  }
  return figures;
}

export async function readMemoryFigures(baseUrl: string, token: string): Promise<Record<string, number> | undefined> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(8_000) });
    if (!response.ok) return undefined;
    return parseMemoryFigures(await response.text());
  } catch {
    return undefined;
  }
}

export interface FigureSample {
  /** Seconds since the load started. */
  readonly t: number;
  readonly figures: Record<string, number> | undefined;
}

export interface FigureChange {
  readonly key: string;
  readonly before: number;
  readonly after: number;
}

/** Every figure's mean over [before] and [after] (minutes), largest absolute change first. */
export function compareFigures(samples: readonly FigureSample[], before: readonly [number, number], after: readonly [number, number]): FigureChange[] {
  const keys = new Set(samples.flatMap((s) => Object.keys(s.figures ?? {})));
  const changes: FigureChange[] = [];
  for (const key of keys) {
    const a = meanOverMinutes(samples, before[0], before[1], (s) => s.figures?.[key]);
    const b = meanOverMinutes(samples, after[0], after[1], (s) => s.figures?.[key]);
    if (a !== undefined && b !== undefined) changes.push({ key, before: a, after: b });
  }
  return changes.sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before));
}

const isBytes = (key: string): boolean => key.startsWith('process.') || key.startsWith('engine.jemalloc.') || /bytes|Bytes|Memory/.test(key);

export function describeChanges(changes: readonly FigureChange[], limit = 30): string {
  const lines = ['figure (means over the two stretches)                       |      before |       after |      change'];
  for (const c of changes.slice(0, limit)) {
    const scale = isBytes(c.key) ? 1024 * 1024 : 1;
    const unit = scale === 1 ? '' : ' MB';
    const show = (v: number): string => `${(v / scale).toFixed(scale === 1 ? 0 : 1)}${unit}`.padStart(11);
    lines.push(`${c.key.padEnd(60).slice(0, 60)} | ${show(c.before)} | ${show(c.after)} | ${show(c.after - c.before)}`);
  }
  return lines.join('\n');
}

// Reads a V8 .cpuprofile (from `--cpu-prof <dir>` on the benchmark) and prints where the server spent its
// time: top functions by self time, and inclusive time per source file / package (each sample counted once).
// Usage: npx tsx scripts/bench-ingest/summarize-cpu-profile.ts <file.cpuprofile> [--top 25] [--from s] [--to s]
// (--from/--to keep the samples taken that many seconds after the profile started, e.g. one load phase).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const ProfileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
      hitCount: z.number().optional(),
      children: z.array(z.number()).optional(),
    }),
  ),
  startTime: z.number(),
  endTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
type Profile = z.infer<typeof ProfileSchema>;
type ProfileNode = Profile['nodes'][number];

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A readable place for a frame: a repository path, `pkg:<name>` for dependencies, `node:<x>`, or the V8 pseudo frame. */
export function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules !== -1) {
    const parts = path.slice(inModules + '/node_modules/'.length).split('/');
    const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? '');
    return `pkg:${name}`;
  }
  if (path.startsWith(REPO_ROOT)) return path.slice(REPO_ROOT.length);
  return path.startsWith('node:') ? path : `node:${path}`;
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly selfByFunction: ReadonlyArray<readonly [string, number]>;
  readonly inclusiveByPlace: ReadonlyArray<readonly [string, number]>;
}

function addTo(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** Seconds since the profile started, inclusive bounds. */
export interface SampleWindow {
  readonly fromSeconds: number;
  readonly toSeconds: number;
}

/** Each sample with the time it stands for (until the next sample), keeping those inside the window. */
function samplesIn(profile: Profile, window: SampleWindow): Array<{ id: number; ms: number }> {
  const kept: Array<{ id: number; ms: number }> = [];
  const count = profile.samples.length;
  const averageMicros = count > 0 ? (profile.endTime - profile.startTime) / count : 0;
  let atMicros = 0;
  profile.samples.forEach((id, index) => {
    atMicros += profile.timeDeltas[index] ?? 0;
    const seconds = atMicros / 1e6;
    if (seconds < window.fromSeconds || seconds > window.toSeconds) return;
    kept.push({ id, ms: (profile.timeDeltas[index + 1] ?? averageMicros) / 1000 });
  });
  return kept;
}

export function summarizeProfile(profile: Profile, window: SampleWindow = { fromSeconds: 0, toSeconds: Infinity }): ProfileSummary {
  const byId = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const timeById = new Map<number, number>();
  let totalMs = 0;
  for (const { id, ms } of samplesIn(profile, window)) {
    timeById.set(id, (timeById.get(id) ?? 0) + ms);
    totalMs += ms;
  }

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, ms] of timeById) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const place = placeOf(url, functionName);
    addTo(self, `${functionName || '(anonymous)'}  ${place}${url ? `:${lineNumber + 1}` : ''}`, ms);
    const seen = new Set<string>();
    for (let cursor: number | undefined = id; cursor !== undefined; cursor = parentOf.get(cursor)) {
      const frame = byId.get(cursor)?.callFrame;
      if (frame) seen.add(placeOf(frame.url, frame.functionName));
    }
    for (const key of seen) addTo(inclusive, key, ms);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { totalMs, selfByFunction: sorted(self), inclusiveByPlace: sorted(inclusive) };
}

function printSummary(summary: ProfileSummary, top: number): void {
  const share = (ms: number): string => `${ms.toFixed(0).padStart(7)} ms ${((ms / summary.totalMs) * 100).toFixed(1).padStart(5)}%`;
  process.stdout.write(`profile: ${(summary.totalMs / 1000).toFixed(1)} s\n\ntop functions by self time:\n`);
  for (const [name, ms] of summary.selfByFunction.slice(0, top)) process.stdout.write(`  ${share(ms)}  ${name}\n`);
  process.stdout.write('\ninclusive time by file / package (a sample counts once per place on its stack):\n');
  for (const [place, ms] of summary.inclusiveByPlace.slice(0, top * 2)) process.stdout.write(`  ${share(ms)}  ${place}\n`);
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: { top: { type: 'string', default: '25' }, from: { type: 'string', default: '0' }, to: { type: 'string', default: 'Infinity' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) throw new Error('usage: summarize-cpu-profile.ts <file.cpuprofile> [--top 25]');
  const profile = ProfileSchema.parse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
  printSummary(summarizeProfile(profile, { fromSeconds: Number(values.from), toSeconds: Number(values.to) }), Number(values.top));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();

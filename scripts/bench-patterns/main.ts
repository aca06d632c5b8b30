// Wildcard matching on adversarial input: the former backtracking regexes against Loupe's matcher, per pattern and text size.
import { compileWildcard, type StepCounter, type WildcardOptions } from '../../src/platform/wildcards/wildcard-matcher.js';
import { legacyExclusionRegex, legacyPathRegex, legacyValueRegex } from './legacy-regex.js';

interface Case {
  readonly name: string;
  readonly pattern: string;
  readonly options: WildcardOptions;
  readonly legacy: RegExp;
  /** The adversarial text of a given length (not matching, so every engine explores everything). */
  readonly text: (length: number) => string;
  /** True for the one ordinary case that matches, measured for reference. */
  readonly matches?: boolean;
}

const EXCLUSION: WildcardOptions = { star: 'any', caseInsensitive: false };
const PATH: WildcardOptions = { star: 'segment', caseInsensitive: false };
const VALUE: WildcardOptions = { star: 'any', caseInsensitive: true };

const CASES: readonly Case[] = [
  { name: 'excludedPaths /app/*/*/*.html', pattern: '/app/*/*/*.html', options: EXCLUSION, legacy: legacyExclusionRegex('/app/*/*/*.html'), text: (n) => `/app/${'/'.repeat(n - 5)}` },
  { name: 'excludedHostnames *.*.*.*.*.preview.example.com', pattern: '*.*.*.*.*.preview.example.com', options: EXCLUSION, legacy: legacyExclusionRegex('*.*.*.*.*.preview.example.com'), text: (n) => `${'.'.repeat(n - 12)}.example.com` },
  { name: 'goal valuePattern *a*a*a*b', pattern: '*a*a*a*b', options: VALUE, legacy: legacyValueRegex('*a*a*a*b'), text: (n) => 'a'.repeat(n) },
  { name: 'goal pathPattern /*/*/*/*/*x', pattern: '/*/*/*/*/*x', options: PATH, legacy: legacyPathRegex('/*/*/*/*/*x'), text: (n) => `/${'a'.repeat(n - 1)}` },
  { name: 'typical: goal valuePattern https://github.com/* on a URL (matches)', pattern: 'https://github.com/*', options: VALUE, legacy: legacyValueRegex('https://github.com/*'), text: (n) => `https://github.com/${'a'.repeat(Math.min(n, 64))}`, matches: true },
  { name: 'goal pathPattern **/*/**/*/**/*b', pattern: '**/*/**/*/**/*b', options: PATH, legacy: legacyPathRegex('**/*/**/*/**/*b'), text: (n) => 'a/'.repeat(n / 2) },
];

const FULL_LENGTH = 2048;
/** The former regexes are measured on growing texts until one run takes longer than this. */
const LEGACY_BUDGET_MS = 1500;
const LEGACY_LENGTHS = [64, 128, 256, 512, 1024, 2048];

function timeOnce(run: () => boolean): { ms: number; matched: boolean } {
  const start = process.hrtime.bigint();
  const matched = run();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, matched };
}

/** Median time of one run, in microseconds: each of `rounds` samples repeats the run for at least a millisecond. */
function medianMicros(run: () => boolean, rounds: number): number {
  let repeat = 1;
  while (timeOnce(() => repeatRun(run, repeat)).ms < 1) repeat *= 2;
  const samples = Array.from({ length: rounds }, () => (timeOnce(() => repeatRun(run, repeat)).ms * 1000) / repeat).sort((a, b) => a - b);
  return samples[Math.floor(rounds / 2)] ?? 0;
}

function repeatRun(run: () => boolean, times: number): boolean {
  let matched = false;
  for (let index = 0; index < times; index += 1) matched = run();
  return matched;
}

function benchLegacy(item: Case): string {
  if (item.matches) {
    const text = item.text(FULL_LENGTH);
    return `${text.length} chars: ${medianMicros(() => item.legacy.test(text), 31).toFixed(2)} us median`;
  }
  const parts: string[] = [];
  for (const length of LEGACY_LENGTHS) {
    const text = item.text(length);
    const { ms, matched } = timeOnce(() => item.legacy.test(text));
    parts.push(`${text.length} chars: ${ms.toFixed(1)} ms${matched !== (item.matches ?? false) ? ' (wrong answer!)' : ''}`);
    if (ms > LEGACY_BUDGET_MS) {
      if (length < FULL_LENGTH) parts.push(`${FULL_LENGTH} chars: not run (longer still)`);
      break;
    }
  }
  return parts.join(', ');
}

function benchMatcher(item: Case): string {
  const matcher = compileWildcard(item.pattern, item.options);
  const text = item.text(FULL_LENGTH);
  const counter: StepCounter = { steps: 0 };
  const matched = matcher.test(text, counter);
  const micros = medianMicros(() => matcher.test(text), 31);
  return `${text.length} chars: ${micros.toFixed(2)} us median, ${counter.steps} steps${matched !== (item.matches ?? false) ? ' (wrong answer!)' : ''}`;
}

for (const item of CASES) {
  console.log(item.name);
  console.log(`  matcher: ${benchMatcher(item)}`);
  console.log(`  former regex: ${benchLegacy(item)}`);
}

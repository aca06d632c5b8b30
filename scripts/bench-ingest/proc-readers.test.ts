// Parsing of the /proc files the benchmark samples: VmRSS, a process's CPU ticks, the machine's busy ticks.
import { describe, expect, it } from 'vitest';
import { parseBusyTicks } from './machine-cpu.js';
import { parseCpuTicks } from './process-cpu.js';
import { parseVmRssKb, readRssKb } from './rss-sampler.js';
import { parseThreadName, sampleThreads, threadGroup, ticksBetween, type ThreadSample } from './thread-cpu.js';

describe('parseVmRssKb', () => {
  it.each([
    ['Name:\tnode\nVmPeak:\t  900 kB\nVmRSS:\t  524288 kB\nRssAnon:\t 1 kB\n', 524288],
    ['VmRSS: 12 kB', 12],
    ['Name:\tkthreadd\nState:\tS (sleeping)\n', undefined],
  ])('%j -> %s', (text, expected) => {
    expect(parseVmRssKb(text)).toBe(expected);
  });

  it('reads this process', () => {
    expect(readRssKb(process.pid)).toBeGreaterThan(10_000);
    expect(readRssKb(2 ** 30)).toBeUndefined();
  });
});

describe('parseCpuTicks', () => {
  it.each([
    ['4321 (node) S 1 2 3 0 -1 4194304 101 0 0 0 250 75 0 0 20 0 11 0 153018', 325],
    ['77 (tsx worker (x)) R 1 2 3 0 -1 4194304 101 0 0 0 7 3 0 0 20 0 1 0 9', 10],
    ['garbage', undefined],
  ])('%s -> %s', (text, expected) => {
    expect(parseCpuTicks(text)).toBe(expected);
  });
});

describe('parseBusyTicks', () => {
  it.each([
    ['cpu  100 5 50 1000 20 1 2 3 0 0\ncpu0 50 2 25 500 10 0 1 1 0 0\n', 161],
    ['intr 1 2 3\n', undefined],
  ])('%j -> %s', (text, expected) => {
    expect(parseBusyTicks(text)).toBe(expected);
  });
});

describe('threads by kind', () => {
  it.each([
    ['4321 (node) S 1 2 3', 'node'],
    ['4330 (ThreadPool) S 1 2 3', 'ThreadPool'],
    ['77 (tsx worker (x)) R 1 2 3', 'tsx worker (x)'],
  ])('names %s as %s', (text, expected) => {
    expect(parseThreadName(text)).toBe(expected);
  });

  it.each([
    [10, 10, 'node', 'event loop'],
    [11, 10, 'node', 'Node threads'],
    [12, 10, 'ThreadPool', 'engine'],
    [13, 10, 'MergeMutate', 'engine'],
  ] as const)('puts thread %i of process %i named %s in %s', (tid, pid, name, expected) => {
    expect(threadGroup(tid, pid, name)).toBe(expected);
  });

  it('counts each live thread from its earlier sample, a new one from zero, an ended one not at all', () => {
    const sample = (entries: Array<[number, ThreadSample]>) => new Map(entries);
    const before = sample([[1, { group: 'event loop', ticks: 100 }], [2, { group: 'engine', ticks: 50 }], [3, { group: 'Node threads', ticks: 9 }]]);
    const after = sample([[1, { group: 'event loop', ticks: 130 }], [2, { group: 'engine', ticks: 55 }], [4, { group: 'engine', ticks: 7 }]]);
    expect(ticksBetween(before, after)).toEqual({ 'event loop': 30, 'Node threads': 0, engine: 12 });
  });

  it('samples this process: its main thread is the event loop', () => {
    const samples = sampleThreads(process.pid);
    expect(samples.get(process.pid)?.group).toBe('event loop');
    expect(sampleThreads(2 ** 30).size).toBe(0);
  });
});

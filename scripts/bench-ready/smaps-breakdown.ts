// Where a process's resident memory is, from the text of /proc/<pid>/smaps: per mapped file and anonymous.
import { basename } from 'node:path';

/** Resident kB of one part of the address space. */
export interface MemoryPart {
  /** The mapped file's base name, or `[anonymous]` for memory no file backs (heaps, stacks, the allocators' arenas). */
  readonly name: string;
  readonly rssKb: number;
  readonly mappings: number;
}

export interface SmapsBreakdown {
  readonly rssKb: number;
  readonly anonymousKb: number;
  readonly fileKb: number;
  /** Largest first. */
  readonly parts: readonly MemoryPart[];
  /** The largest anonymous mappings, resident kB each, largest first. */
  readonly largestAnonymousKb: readonly number[];
}

const HEADER = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\d+\s*(.*)$/;
const FIELD = /^(\w+):\s+(\d+) kB$/;

interface Mapping {
  path: string;
  rssKb: number;
  anonymousKb: number;
}

function mappingsOf(smaps: string): Mapping[] {
  const mappings: Mapping[] = [];
  let current: Mapping | undefined;
  for (const line of smaps.split('\n')) {
    const header = HEADER.exec(line);
    if (header) {
      current = { path: (header[1] ?? '').trim(), rssKb: 0, anonymousKb: 0 };
      mappings.push(current);
      continue;
    }
    const field = FIELD.exec(line);
    if (!field || current === undefined) continue;
    if (field[1] === 'Rss') current.rssKb = Number(field[2]);
    if (field[1] === 'Anonymous') current.anonymousKb = Number(field[2]);
  }
  return mappings;
}

/** A file's name, or `[anonymous]` for `[heap]`, `[stack]`, unnamed and other bracketed mappings. */
function partName(path: string): string {
  return path.startsWith('/') ? basename(path.replace(/ \(deleted\)$/, '')) : '[anonymous]';
}

/**
 * Splits resident memory into anonymous pages (wherever they are: a file's private mapping that was written
 * to counts as anonymous, as the kernel counts it) and file-backed pages per file.
 */
export function smapsBreakdown(smaps: string, largest = 5): SmapsBreakdown {
  const parts = new Map<string, { rssKb: number; mappings: number }>();
  const add = (name: string, kb: number): void => {
    const part = parts.get(name) ?? { rssKb: 0, mappings: 0 };
    part.rssKb += kb;
    part.mappings += 1;
    parts.set(name, part);
  };
  let rssKb = 0;
  let anonymousKb = 0;
  const anonymousMappings: number[] = [];
  for (const mapping of mappingsOf(smaps)) {
    rssKb += mapping.rssKb;
    anonymousKb += mapping.anonymousKb;
    if (mapping.anonymousKb > 0) add('[anonymous]', mapping.anonymousKb);
    const fileKb = mapping.rssKb - mapping.anonymousKb;
    if (fileKb > 0) add(partName(mapping.path), fileKb);
    if (mapping.anonymousKb > 0) anonymousMappings.push(mapping.anonymousKb);
  }
  return {
    rssKb,
    anonymousKb,
    fileKb: rssKb - anonymousKb,
    parts: [...parts].map(([name, part]) => ({ name, ...part })).sort((a, b) => b.rssKb - a.rssKb),
    largestAnonymousKb: anonymousMappings.sort((a, b) => b - a).slice(0, largest),
  };
}

// Where this process's resident memory sits while an import runs: anonymous memory (the V8 heap, buffers outside
// it, the embedded engine's allocations) apart from file-backed pages (the code of node and of libchdb.so, which
// the kernel may drop), read from /proc/self/status and process.memoryUsage() at a fixed interval.
import { readFileSync } from 'node:fs';
import { statusBytes } from '../../src/health/memory-metrics.js';

export interface MemorySample {
  /** Resident anonymous memory, MB. */
  readonly anonMb: number;
  /** Resident file-backed pages (code and mapped files), MB. */
  readonly fileMb: number;
  /** V8's heap (every space, as reserved), MB. */
  readonly heapMb: number;
  /** Buffers and typed arrays outside the V8 heap, MB. */
  readonly externalMb: number;
}

const MB = 1024;

/** A `Field:  N kB` line of /proc/<pid>/status, in kB; 0 when the line is missing. */
export function statusKb(status: string, field: string): number {
  return (statusBytes(status, field) ?? 0) / 1024;
}

export function sampleMemory(): MemorySample {
  const status = readFileSync('/proc/self/status', 'utf8');
  const usage = process.memoryUsage();
  return {
    anonMb: statusKb(status, 'RssAnon') / MB,
    fileMb: statusKb(status, 'RssFile') / MB,
    heapMb: usage.heapTotal / 1024 / 1024,
    externalMb: usage.external / 1024 / 1024,
  };
}

/** The rest of the anonymous memory: the engine's and Node's native allocations (neither V8's heap nor buffers). */
export const nativeMb = (sample: MemorySample): number => sample.anonMb - sample.heapMb - sample.externalMb;

export function describeSample(sample: MemorySample): string {
  return `anon ${sample.anonMb.toFixed(0)} MB (V8 heap ${sample.heapMb.toFixed(0)}, buffers ${sample.externalMb.toFixed(0)}, native/engine ${nativeMb(sample).toFixed(0)}), file-backed ${sample.fileMb.toFixed(0)} MB`;
}

/** Samples every `intervalMs` and keeps the sample of highest anonymous memory and each part's own peak. */
export class MemoryBreakdownSampler {
  private highest: MemorySample;
  private readonly peaks = { heapMb: 0, externalMb: 0, nativeMb: 0, fileMb: 0 };
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 100) {
    this.highest = sampleMemory();
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample(): void {
    const now = sampleMemory();
    if (now.anonMb > this.highest.anonMb) this.highest = now;
    this.peaks.heapMb = Math.max(this.peaks.heapMb, now.heapMb);
    this.peaks.externalMb = Math.max(this.peaks.externalMb, now.externalMb);
    this.peaks.nativeMb = Math.max(this.peaks.nativeMb, nativeMb(now));
    this.peaks.fileMb = Math.max(this.peaks.fileMb, now.fileMb);
  }

  stop(): { readonly atPeak: MemorySample; readonly peaks: { readonly heapMb: number; readonly externalMb: number; readonly nativeMb: number; readonly fileMb: number } } {
    this.sample();
    clearInterval(this.timer);
    return { atPeak: this.highest, peaks: this.peaks };
  }
}

// Samples a process's resident memory (VmRSS in /proc/<pid>/status) at a fixed interval and keeps the peak.
import { readFileSync } from 'node:fs';
import { statusBytes } from '../../src/health/memory-metrics.js';

/** VmRSS in kB from the text of /proc/<pid>/status; undefined when the line is missing. */
export function parseVmRssKb(status: string): number | undefined {
  const bytes = statusBytes(status, 'VmRSS');
  return bytes === undefined ? undefined : bytes / 1024;
}

export function readRssKb(pid: number): number | undefined {
  try {
    return parseVmRssKb(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}

export class RssSampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    intervalMs = 100,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample(): void {
    const kb = readRssKb(this.pid);
    if (kb !== undefined && kb > this.peak) this.peak = kb;
  }

  /** Highest RSS seen so far, in MB (MiB). */
  peakMb(): number {
    return this.peak / 1024;
  }

  /** Takes a last sample, stops, and answers the peak in MB. */
  stop(): number {
    this.sample();
    clearInterval(this.timer);
    return this.peakMb();
  }
}

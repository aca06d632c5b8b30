// A progress bar drawn on a terminal stream: bar, percentage, counts, rate and time left.

export interface ProgressState {
  readonly done: number;
  readonly total: number;
  readonly elapsedMs: number;
  /** Width of the bar itself in characters. */
  readonly width: number;
}

const FILLED = '█';
const EMPTY = '░';

/** `1h02m`, `3m07s`, `42s`; `--` when unknown. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m${String(secs).padStart(2, '0')}s`;
  return `${secs}s`;
}

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** One line: `[████░░░░]  50.0%  500/1,000 rows  250 rows/s  ETA 2s`. */
export function renderProgress(state: ProgressState): string {
  const fraction = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
  const filled = Math.round(fraction * state.width);
  const bar = FILLED.repeat(filled) + EMPTY.repeat(state.width - filled);
  const seconds = state.elapsedMs / 1000;
  const rate = seconds > 0 ? state.done / seconds : 0;
  const eta = rate > 0 ? (state.total - state.done) / rate : Number.NaN;
  const percent = (fraction * 100).toFixed(1).padStart(5);
  return `[${bar}] ${percent}%  ${formatCount(state.done)}/${formatCount(state.total)} rows  ${formatCount(rate)} rows/s  ETA ${formatDuration(eta)}`;
}

export interface ProgressOutput {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/** Redraws in place on a terminal; elsewhere (logs, CI) prints a line every 10%. */
export class ProgressBar {
  private readonly started: number;
  private lastDecile = -1;

  constructor(
    private readonly output: ProgressOutput,
    private readonly width = 30,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
  }

  update(done: number, total: number): void {
    const line = renderProgress({ done, total, elapsedMs: this.now() - this.started, width: this.width });
    if (this.output.isTTY) {
      this.output.write(`\r${line}\x1b[K`);
      return;
    }
    const decile = total > 0 ? Math.floor((done / total) * 10) : 10;
    if (decile === this.lastDecile) return;
    this.lastDecile = decile;
    this.output.write(`${line}\n`);
  }

  /** Ends the line on a terminal so later output starts fresh. */
  finish(): void {
    if (this.output.isTTY) this.output.write('\n');
  }
}

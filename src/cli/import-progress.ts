// The progress of `loupe import` on stderr: a bar redrawn in place on a terminal, a line per tenth otherwise.
const WIDTH = 30;

export class ImportProgress {
  private lastTenth = -1;
  private lastDraw = 0;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly totalBytes: number,
  ) {}

  update(bytesRead: number, rows: number): void {
    const fraction = this.totalBytes === 0 ? 1 : Math.min(1, bytesRead / this.totalBytes);
    const line = `[${'#'.repeat(Math.round(fraction * WIDTH)).padEnd(WIDTH, '-')}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${rows.toLocaleString('en-US')} rows`;
    if (this.out.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < 100 && fraction < 1) return;
      this.lastDraw = now;
      this.out.write(`\r${line}`);
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    this.out.write(`${line}\n`);
  }

  done(): void {
    if (this.out.isTTY) this.out.write('\n');
  }
}

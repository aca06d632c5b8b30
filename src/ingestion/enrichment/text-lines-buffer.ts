// Lines of text (JSONEachRow or TabSeparated) gathered as UTF-8 bytes, one line at a time.

/** Worst case of UTF-8 bytes for one UTF-16 code unit (a surrogate pair is two units for four bytes). */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Each line is encoded into one growing buffer as soon as it is built, so the line's string dies young
 * instead of surviving, with thousands of others, until the whole segment is done: a batch of strings
 * kept to the end is copied by every young-generation collection on the way and then promoted.
 */
export class TextLinesBuffer {
  private bytes: Buffer;
  private length = 0;
  private lines = 0;

  constructor(initialBytes = 64 * 1024) {
    this.bytes = Buffer.allocUnsafe(initialBytes);
  }

  get count(): number {
    return this.lines;
  }

  push(line: string): void {
    this.reserve(line.length * MAX_BYTES_PER_UNIT + 1);
    this.length += this.bytes.write(line, this.length);
    this.bytes[this.length] = 0x0a;
    this.length += 1;
    this.lines += 1;
  }

  /** The lines as bytes in a buffer of their own (transferable without a copy); empty when none. */
  finish(): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.bytes.subarray(0, this.length));
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + extra));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }
}

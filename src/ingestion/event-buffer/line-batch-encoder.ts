// Encodes a batch of spool lines as UTF-8 into one reused buffer, for the write-ahead log's group commits.

/** Batches up to this many bytes of UTF-8 are encoded into the reused buffer; a larger one gets its own. */
const SCRATCH_BYTES = 256 * 1024;
/** The most UTF-8 bytes one UTF-16 code unit becomes (a lone surrogate is written as U+FFFD, 3 bytes). */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Each line is written straight into a buffer sized for the worst case: about a third of the CPU of joining
 * the lines and encoding the joined text with Buffer.from, which measures the text first and, above 4 kB,
 * allocates outside Node's pool. The returned view is valid until the next call: the caller writes it out
 * before encoding another batch (the log's writer loop runs one commit at a time).
 */
export class LineBatchEncoder {
  private scratch: Buffer | undefined;

  encode(lines: readonly string[]): Buffer {
    let units = 0;
    for (const line of lines) units += line.length;
    const bound = units * MAX_BYTES_PER_UNIT;
    const target = bound <= SCRATCH_BYTES ? (this.scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES)) : Buffer.allocUnsafe(bound);
    let length = 0;
    for (const line of lines) length += target.write(line, length);
    return target.subarray(0, length);
  }
}

// The lines of a spooled segment, decoded one at a time.

const NEWLINE = 0x0a;

/**
 * Each non-empty line of the segment's UTF-8 bytes. Decoded one by one: one string for the whole segment
 * (megabytes, a new one every second) would go straight to the old generation and bring on a full collection.
 */
export function* segmentLines(bytes: Buffer): Generator<string> {
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    const line = bytes.toString('utf8', start, end);
    start = end + 1;
    if (line !== '') yield line;
  }
}

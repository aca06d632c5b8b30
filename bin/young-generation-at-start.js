// Keeps V8's young generation at its initial size while the server starts, then lets it grow as V8 would (decision 0055).
import { setFlagsFromString } from 'node:v8';

/** V8's own factor by which the young generation grows (`node --v8-options`: --semi-space-growth-factor). */
const V8_GROWTH_FACTOR = 2;

/**
 * V8 grows the young generation whenever much of it survives a collection, and never gives it back: start-up
 * (loading ~1,000 modules, opening the stores) grew it to 2 x 16 MB, which the idle server then kept. V8 reads
 * the growth factor at each collection (unlike the young generation's maximum, which it reads once, when it makes
 * the heap), so a factor of 1 while `start` runs keeps it at its initial 2 x 1 MB; afterwards traffic grows it as
 * before, up to V8's maximum. Worker threads started meanwhile share the flag.
 */
export async function withYoungGenerationAtInitialSize(start) {
  setFlagsFromString('--semi-space-growth-factor=1');
  try {
    return await start();
  } finally {
    setFlagsFromString(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`);
  }
}

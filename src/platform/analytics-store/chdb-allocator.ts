// The embedded engine's allocator options, for a process that stores a large import in one go (the command line's
// `loupe import` on DATA_DIR): set in the environment before the engine's library is loaded, which reads them once.

/** jemalloc's options variable as the engine's build names it (its symbols carry the `je_` prefix). */
export const ENGINE_ALLOCATOR_OPTIONS = 'JE_MALLOC_CONF';

/**
 * The engine's jemalloc keeps the pages its merges and inserts free for up to 5 s (`dirty_decay_ms`, 5,000 in its
 * build), ready for reuse. During an import the next allocations mostly fault new pages instead, so each merge of
 * `events` or `sessions` left its pages on top of the next one's: the process's peak came right after a merge ended,
 * the engine tracking 50 MB while its native memory stood 200 MB above idle (decision 0057). With a decay of 0 a
 * freed page goes back to the system at once, as the engine's own memory worker sets it under memory pressure.
 * An operator's own JE_MALLOC_CONF is kept. Takes effect only before `chdb` is first imported (the app imports it).
 */
export function returnEngineMemoryAtOnce(env: NodeJS.ProcessEnv = process.env): void {
  env[ENGINE_ALLOCATOR_OPTIONS] ??= 'dirty_decay_ms:0';
}

// Polls `probe` until `ok` holds, and fails with the last value when it does not within `timeoutMs`.
export async function until<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

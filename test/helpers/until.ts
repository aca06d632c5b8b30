// Polling for tests: `eventually` returns the last value read, whether or not `done` came to hold (the
// caller's assertions then show what was seen); `until` fails with that value when `ok` does not hold in time.
export async function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}

export async function until<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const value = await eventually(probe, ok, timeoutMs, intervalMs);
  if (!ok(value)) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
  return value;
}

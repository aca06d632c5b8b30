// Lets the operation asked for first reach the engine before the next one is asked for: the store's tests that
// check which of two operations ends first ask for the second one a turn of the event loop after the first.
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

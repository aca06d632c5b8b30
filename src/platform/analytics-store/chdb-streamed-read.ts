// A bound read on one connection of the embedded engine, streamed, so that reads on other connections run beside it.
import type { Session } from 'chdb';

/** The engine's answer to a statement it cannot stream (DDL, INSERT ... SELECT, OPTIMIZE): BAD_ARGUMENTS. */
const NOT_STREAMABLE = 'Streaming query is not supported';

function isNotStreamable(error: unknown): boolean {
  return error instanceof Error && error.message.includes(NOT_STREAMABLE);
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Runs `sql` with its bound parameters and returns the JSONEachRow bytes.
 *
 * chdb's `queryBindAsync` runs one bound query at a time across every connection of the process (its bindings
 * shared the engine's parameter state, and two at once clobbered each other), so on it a report over the last
 * few minutes waited for every longer report asked for before it, whichever connection ran them. A streamed read
 * binds its parameters when it starts, on the calling thread, and runs on its own connection beside the others:
 * 4,800 bound reads with distinct values, three connections at once, all answered right (measured with chdb
 * 3.4.0, decision 0078). Statements the engine cannot stream run through `queryBindAsync`.
 */
export async function readStreamed(session: Session, sql: string, params: object): Promise<Buffer> {
  let stream: ReturnType<Session['queryStreamBind']>;
  try {
    stream = session.queryStreamBind(sql, params, { format: 'JSONEachRow' });
  } catch (error) {
    if (!isNotStreamable(error)) throw error;
    return asBuffer((await session.queryBindAsync(sql, params, { format: 'JSONEachRow' })).bytes());
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(asBuffer(chunk.raw()));
  return chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks);
}

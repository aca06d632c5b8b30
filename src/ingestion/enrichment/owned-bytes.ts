// Bytes handed between the event loop and the enrichment thread: moved (transferred), not copied.

/**
 * A view over the whole of its own ArrayBuffer, which postMessage can transfer without a copy. Bytes that
 * share a buffer (a slice, Buffer's small-allocation pool) are copied once into one of their own.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return new Uint8Array(buffer);
  return new Uint8Array(bytes);
}

/** The same bytes as a Buffer, without a copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

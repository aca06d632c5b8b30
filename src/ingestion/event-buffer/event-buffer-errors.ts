// Typed refusals of the event buffer; both mean "not stored, try again later" and map to HTTP 503.

/** The store has fallen behind: more rows wait for insertion than the configured bound allows. */
export class BackPressureError extends Error {
  readonly code = 'EVENT_BUFFER_FULL';
  readonly statusCode = 503;

  constructor(
    readonly table: string,
    readonly pendingRows: number,
    readonly maxPendingRows: number,
  ) {
    super(`event buffer for ${table} is full (${pendingRows} rows pending, limit ${maxPendingRows})`);
    this.name = 'BackPressureError';
  }
}

/** The buffer is shutting down (SIGTERM) and accepts no more rows. */
export class EventBufferClosedError extends Error {
  readonly code = 'EVENT_BUFFER_CLOSED';
  readonly statusCode = 503;

  constructor(readonly table: string) {
    super(`event buffer for ${table} is closed`);
    this.name = 'EventBufferClosedError';
  }
}

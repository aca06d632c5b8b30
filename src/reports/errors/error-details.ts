// The details an error event carries in its props JSON: message, stack and source position.

export interface ErrorDetails {
  readonly message: string;
  readonly stack: string | null;
  readonly fileName: string | null;
  readonly lineNumber: number | null;
  readonly columnNumber: number | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A whole number, also when sent as a numeric string; anything else is null. */
function position(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : null;
}

/** Reads the props of an error event; a document that does not parse gives empty details. */
export function errorDetails(props: string): ErrorDetails {
  let parsed: unknown;
  try {
    parsed = JSON.parse(props);
  } catch {
    parsed = undefined;
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return {
    message: text(fields.message) ?? '',
    stack: text(fields.stack),
    // Browsers' ErrorEvent says `filename`; the tracker sends `fileName`. Either is accepted.
    fileName: text(fields.fileName) ?? text(fields.filename),
    lineNumber: position(fields.lineNumber),
    columnNumber: position(fields.columnNumber),
  };
}

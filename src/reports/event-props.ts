// Event properties as reports return them: the stored JSON text parsed, an empty object when there are none.

/** The parsed properties; `{}` for none; the raw text if it is not JSON (rows written before validation). */
export function parseProps(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

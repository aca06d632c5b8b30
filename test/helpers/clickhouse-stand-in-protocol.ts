// The ClickHouse HTTP interface's encodings, as the test stand-in reads them: bound parameter values (the
// "escaped" text form the official client sends as `param_<name>`), multipart bodies (the client's form for
// parameters too long for a URL) and the `INSERT INTO t [(columns)] FORMAT f` line of an insert.

/**
 * The embedded engine binds a JS string by escaping its backslashes, tabs and line breaks, then reading it
 * back as the server reads a URL parameter. So the value to hand it is the parameter with that escaping
 * undone: for a string-typed placeholder, the unescaped text; for an array literal whose strings carry
 * escapes, the array itself (the engine writes the literal again). Anything else without a backslash
 * passes as it came.
 */
export function bindableValue(sql: string, name: string, text: string): unknown {
  if (text === '\\N') return null;
  if (!text.includes('\\')) return text;
  const type = placeholderType(sql, name);
  if (type === undefined) throw new Error(`no placeholder {${name}:...} in the statement`);
  if (/^(?:Nullable\()?(?:LowCardinality\()?(?:String|FixedString\(\d+\))\)*$/.test(type)) return unescapeText(text);
  if (type.startsWith('Array(')) return parseArrayLiteral(text);
  throw new Error(`the test stand-in cannot bind an escaped value of type ${type}`);
}

/** The declared type of `{name:Type}` in the statement (types hold parentheses, never braces). */
function placeholderType(sql: string, name: string): string | undefined {
  const start = sql.indexOf(`{${name}:`);
  if (start < 0) return undefined;
  const end = sql.indexOf('}', start);
  return end < 0 ? undefined : sql.slice(start + name.length + 2, end).trim();
}

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', f: '\f', r: '\r', n: '\n', t: '\t', '0': '\0', a: '\x07', v: '\v' };

/** Undoes backslash escapes: `\n` and the like become their characters, `\x` any other character x. */
export function unescapeText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (char !== '\\' || index === text.length - 1) {
      out += char;
      continue;
    }
    const next = text.charAt(++index);
    out += ESCAPES[next] ?? next;
  }
  return out;
}

/** `['a','b\'c']` or `[1,2]` as a JS array (quoted elements as strings, bare ones as numbers). */
export function parseArrayLiteral(text: string): Array<string | number> {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) throw new Error(`not an array literal: ${text.slice(0, 80)}`);
  const values: Array<string | number> = [];
  let index = 1;
  const end = trimmed.length - 1;
  while (index < end) {
    const char = trimmed.charAt(index);
    if (char === ',' || char === ' ') {
      index++;
    } else if (char === "'") {
      let value = '';
      index++;
      while (index < end && trimmed.charAt(index) !== "'") {
        if (trimmed.charAt(index) === '\\' && index + 1 < end) {
          const next = trimmed.charAt(index + 1);
          value += ESCAPES[next] ?? next;
          index += 2;
        } else {
          value += trimmed.charAt(index++);
        }
      }
      if (trimmed.charAt(index) !== "'") throw new Error(`unterminated string in ${text.slice(0, 80)}`);
      index++;
      values.push(value);
    } else {
      let token = '';
      while (index < end && trimmed.charAt(index) !== ',') token += trimmed.charAt(index++);
      const number = Number(token.trim());
      if (!Number.isFinite(number)) throw new Error(`the test stand-in cannot read array element ${token}`);
      values.push(number);
    }
  }
  return values;
}

/** The named fields of a multipart/form-data body. */
export function parseMultipart(body: Buffer, contentType: string): Map<string, string> {
  const marker = 'boundary=';
  const at = contentType.indexOf(marker);
  if (at < 0) throw new Error('multipart body without a boundary');
  const boundary = `--${contentType.slice(at + marker.length).split(';')[0]?.trim().replace(/^"|"$/g, '')}`;
  const fields = new Map<string, string>();
  for (const part of body.toString('utf8').split(boundary)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    const nameAt = headers.indexOf('name="');
    if (nameAt < 0) continue;
    const name = headers.slice(nameAt + 6, headers.indexOf('"', nameAt + 6));
    let value = part.slice(headerEnd + 4);
    if (value.endsWith('\r\n')) value = value.slice(0, -2);
    fields.set(name, value);
  }
  return fields;
}

export interface InsertLine {
  readonly table: string;
  readonly columns: string[] | undefined;
  readonly format: string;
}

/** `INSERT INTO table [(a, b)] FORMAT JSONEachRow`, as the client writes it, in parts. */
export function splitInsert(sql: string): InsertLine {
  const text = sql.trim();
  const prefix = 'INSERT INTO ';
  if (text.slice(0, prefix.length).toUpperCase() !== prefix) throw new Error(`not an insert: ${text.slice(0, 80)}`);
  const formatAt = text.toUpperCase().lastIndexOf(' FORMAT ');
  if (formatAt < 0) throw new Error('an insert with data needs a FORMAT clause');
  const format = text.slice(formatAt + ' FORMAT '.length).trim();
  const target = text.slice(prefix.length, formatAt).trim();
  const open = target.indexOf('(');
  if (open < 0) return { table: target, columns: undefined, format };
  const columns = target.slice(open + 1, target.lastIndexOf(')')).split(',').map((column) => column.trim()).filter((column) => column !== '');
  return { table: target.slice(0, open).trim(), columns, format };
}

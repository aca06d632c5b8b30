// A stand-in for a ClickHouse server's HTTP interface, for tests only: it speaks the part of the protocol the
// official client (@clickhouse/client) uses and runs every statement in chDB, the same engine, in this process.
// It is not a server for users: it has one in-process engine, no authentication, no replication, and it runs
// statements that carry their own settings one at a time (docs/clickhouse-stand-in.md says what it does not show).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Session } from 'chdb';
import { bindableValue, parseMultipart, splitInsert } from './clickhouse-stand-in-protocol.js';

export interface ClickHouseStandIn {
  /** http://127.0.0.1:<port>, for CLICKHOUSE_URL. */
  readonly url: string;
  /** Statements run so far, for tests of the protocol itself. */
  readonly statements: number;
  close(): Promise<void>;
}

/** URL parameters that are the HTTP layer's own, not engine settings. */
const HTTP_PARAMETERS: ReadonlySet<string> = new Set([
  'query', 'query_id', 'database', 'session_id', 'role', 'default_format', 'enable_http_compression', 'wait_end_of_query',
  'send_progress_in_http_headers', 'http_headers_progress_interval_ms', 'user', 'password',
]);

/** Settings the engine session is opened with; a request may repeat them, not change them. */
const SESSION_SETTINGS: Readonly<Record<string, string>> = { output_format_json_quote_64bit_integers: '1' };

interface ParsedRequest {
  readonly sql: string;
  readonly params: Record<string, unknown>;
  readonly settings: Record<string, string>;
  readonly format: string;
  /** INSERT data sent after a query given in the URL. */
  readonly data: Buffer | undefined;
  readonly queryId: string;
}

class ProtocolError extends Error {
  constructor(readonly code: number, readonly type: string, message: string) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

function parseRequest(url: URL, body: Buffer, contentType: string | undefined): ParsedRequest {
  const fields = new Map<string, string>();
  for (const [name, value] of url.searchParams) fields.set(name, value);
  let data: Buffer | undefined;
  if (contentType?.startsWith('multipart/form-data')) {
    for (const [name, value] of parseMultipart(body, contentType)) fields.set(name, value);
  } else if (fields.has('query')) {
    // A query in the URL: the body, if any, is the data of an INSERT ... FORMAT.
    if (body.length > 0) data = body;
  } else {
    fields.set('query', body.toString('utf8'));
  }
  const sql = fields.get('query') ?? '';
  if (sql.trim() === '') throw new ProtocolError(62, 'SYNTAX_ERROR', 'Empty query');
  const params: Record<string, unknown> = {};
  const settings: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (name.startsWith('param_')) params[name.slice('param_'.length)] = bindableValue(sql, name.slice('param_'.length), value);
    else if (!HTTP_PARAMETERS.has(name)) settings[name] = value;
  }
  return { sql, params, settings, format: fields.get('default_format') ?? 'TabSeparated', data, queryId: fields.get('query_id') ?? crypto.randomUUID() };
}

/** Splits a ClickHouse exception text into the code and type the client reads from it. */
function exceptionOf(error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = /^Code: (\d{1,5})\./.exec(message);
  return new ProtocolError(code ? Number(code[1]) : 1001, 'STD_EXCEPTION', message);
}

/** The HTTP status a ClickHouse server gives common error codes (unknown table or database 404; 500 for the rest). */
function statusOf(code: number): number {
  if ([62, 27, 36, 43, 44, 47, 53, 115, 130, 131, 386, 457].includes(code)) return 400;
  if ([60, 81].includes(code)) return 404;
  if (code === 516) return 401;
  return 500;
}

export async function startClickHouseStandIn(path: string): Promise<ClickHouseStandIn> {
  const session = new Session(path, { connectionArgs: Object.entries(SESSION_SETTINGS).map(([name, value]) => `--${name}=${value}`) });
  let statements = 0;

  async function run(request: ParsedRequest): Promise<string> {
    const own = Object.entries(request.settings).filter(([name, value]) => SESSION_SETTINGS[name] !== value);
    statements++;
    if (request.data !== undefined) {
      const insert = splitInsert(request.sql);
      await session.insert({
        table: insert.table,
        values: request.data,
        format: insert.format as 'JSONEachRow',
        ...(insert.columns ? { columns: insert.columns } : {}),
        settings: Object.fromEntries(own),
      });
      return '';
    }
    if (own.length > 0) {
      // The engine takes per-statement settings only in the statement's own SETTINGS clause, which the
      // stand-in cannot place safely in arbitrary SQL: a request that needs one is refused, visibly.
      throw new ProtocolError(115, 'UNKNOWN_SETTING', `the test stand-in cannot apply settings to this statement: ${own.map(([name]) => name).join(', ')}`);
    }
    const result = await session.queryBindAsync(request.sql, request.params, { format: request.format });
    return result.text();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/ping' || (url.pathname === '/' && request.method === 'GET' && !url.searchParams.has('query'))) {
      response.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8' }).end('Ok.\n');
      return;
    }
    let queryId = url.searchParams.get('query_id') ?? crypto.randomUUID();
    try {
      const parsed = parseRequest(url, await readBody(request), request.headers['content-type']);
      queryId = parsed.queryId;
      const text = await run(parsed);
      response.writeHead(200, {
        'content-type': 'text/plain; charset=UTF-8',
        'x-clickhouse-query-id': queryId,
        'x-clickhouse-format': parsed.format,
        'x-clickhouse-summary': JSON.stringify({ read_rows: '0', read_bytes: '0', written_rows: '0', written_bytes: '0', total_rows_to_read: '0', result_rows: '0', result_bytes: '0', elapsed_ns: '0' }),
      });
      response.end(text);
    } catch (error) {
      const exception = exceptionOf(error);
      const text = exception.message.startsWith('Code: ') ? exception.message : `Code: ${exception.code}. DB::Exception: ${exception.message}. (${exception.type})`;
      response.writeHead(statusOf(exception.code), {
        'content-type': 'text/plain; charset=UTF-8',
        'x-clickhouse-query-id': queryId,
        'x-clickhouse-exception-code': String(exception.code),
      });
      response.end(`${text}\n`);
    }
  }

  // A server takes URLs up to 1 MiB (http_max_uri_size): long parameter lists travel in the URL.
  const server = createServer({ maxHeaderSize: 1024 * 1024 }, (request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get statements() {
      return statements;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      session.close();
    },
  };
}

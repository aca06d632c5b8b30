// A minimal keep-alive HTTP/1.1 client connection for the paced phase: one request at a time, responses
// framed by Content-Length (what Fastify sends for JSON). Far cheaper per request than a general client,
// so the load generator does not become the bottleneck at a few thousand requests per second.
import { connect, type Socket } from 'node:net';

export interface HttpResponse {
  readonly status: number;
  readonly body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /^content-length:\s*(\d+)\s*$/im;

/** The bytes of a POST with a body; `headers` must not hold Host, Content-Length or Connection. */
export function encodePost(host: string, path: string, headers: Readonly<Record<string, string>>, body: string): Buffer {
  const bodyBytes = Buffer.from(body);
  let head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\nContent-Length: ${bodyBytes.length}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  return Buffer.concat([Buffer.from(head + '\r\n'), bodyBytes]);
}

/** Splits one complete response off the front of `buffer`; undefined while more bytes are needed. */
export function takeResponse(buffer: Buffer): { response: HttpResponse; rest: Buffer } | undefined {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd === -1) return undefined;
  const head = buffer.subarray(0, headerEnd).toString('latin1');
  const status = Number(head.slice(9, 12));
  const length = CONTENT_LENGTH.exec(head);
  if (!Number.isInteger(status) || length?.[1] === undefined) throw new Error(`unsupported response framing: ${head.split('\r\n')[0] ?? ''}`);
  const bodyStart = headerEnd + HEADER_END.length;
  const bodyEnd = bodyStart + Number(length[1]);
  if (buffer.length < bodyEnd) return undefined;
  return { response: { status, body: buffer.subarray(bodyStart, bodyEnd).toString('utf8') }, rest: buffer.subarray(bodyEnd) };
}

export class HttpConnection {
  private readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private pending: { resolve(response: HttpResponse): void; reject(error: Error): void } | undefined;
  private failure: Error | undefined;

  constructor(port: number, host = '127.0.0.1') {
    this.socket = connect({ port, host, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  /** Sends one request; the connection must not be busy. */
  request(bytes: Buffer): Promise<HttpResponse> {
    if (this.pending) return Promise.reject(new Error('connection busy'));
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    let taken: ReturnType<typeof takeResponse>;
    try {
      taken = takeResponse(this.received);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!taken) return;
    this.received = taken.rest;
    const waiter = this.pending;
    this.pending = undefined;
    waiter?.resolve(taken.response);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiter = this.pending;
    this.pending = undefined;
    waiter?.reject(error);
  }
}

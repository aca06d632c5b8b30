// A real HTTPS webhook receiver on loopback that logs every request and answers as a test tells it to. It also
// shows requests still arriving (bytes so far against Content-Length) and can hold a request's answer, so a
// test can act while the sender waits for it.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ensureTestCertificate } from './test-certificate.js';
import { TEST_CERT_DIR } from './test-cert-dir.js';

export interface ReceivedRequest {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly rawBody: string;
}

/** A request whose body has not ended yet. */
export interface ArrivingRequest {
  readonly bytes: number;
  readonly contentLength: number;
}

/** A complete request whose answer waits for `answer`. */
export interface HeldRequest {
  readonly request: ReceivedRequest;
  /** The sender's side of the connection, to find the process that holds it. */
  readonly clientPort: number;
  answer(status: number): void;
}

export interface HttpsReceiver {
  readonly url: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  /** Status codes to answer, in order; the last one repeats. */
  respondWith(...statuses: number[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Requests whose headers arrived but whose body has not ended (nor been cut off). */
  arriving(): ArrivingRequest[];
  /** The next complete request is logged but not answered until the test answers it. */
  holdNext(): Promise<HeldRequest>;
  close(): Promise<void>;
}

export async function startHttpsReceiver(): Promise<HttpsReceiver> {
  const { certPath, keyPath } = ensureTestCertificate(TEST_CERT_DIR);
  const requests: ReceivedRequest[] = [];
  const arriving = new Set<{ bytes: number; contentLength: number }>();
  let statuses = [200];
  let hold: ((held: HeldRequest) => void) | undefined;
  const server: Server = createServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) }, (req, res) => {
    const chunks: Buffer[] = [];
    const progress = { bytes: 0, contentLength: Number(req.headers['content-length'] ?? 0) };
    arriving.add(progress);
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      progress.bytes += chunk.length;
    });
    req.on('close', () => arriving.delete(progress));
    req.on('end', () => {
      arriving.delete(progress);
      const request = { at: Date.now(), method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const answer = (status: number): void => {
        if (res.destroyed) return;
        if (status >= 300 && status < 400) res.setHeader('location', 'https://example.com/elsewhere');
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end('ok');
      };
      const status = statuses.length > 1 ? (statuses.shift() ?? 200) : (statuses[0] ?? 200);
      const holder = hold;
      if (holder) {
        hold = undefined;
        holder({ request, clientPort: req.socket.remotePort ?? 0, answer });
      } else answer(status);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/hook`,
    port,
    requests,
    respondWith(...next) {
      statuses = next.length > 0 ? next : [200];
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${requests.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return requests.slice(0, count);
    },
    arriving: () => [...arriving].map((each) => ({ ...each })),
    holdNext: () => new Promise<HeldRequest>((resolve) => {
      hold = resolve;
    }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// A real HTTPS webhook receiver on loopback that logs every request and answers as a test tells it to.
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

export interface HttpsReceiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Status codes to answer, in order; the last one repeats. */
  respondWith(...statuses: number[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startHttpsReceiver(): Promise<HttpsReceiver> {
  const { certPath, keyPath } = ensureTestCertificate(TEST_CERT_DIR);
  const requests: ReceivedRequest[] = [];
  let statuses = [200];
  const server: Server = createServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ at: Date.now(), method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.length > 1 ? (statuses.shift() ?? 200) : (statuses[0] ?? 200);
      if (status >= 300 && status < 400) res.setHeader('location', 'https://example.com/elsewhere');
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/hook`,
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// An oversized tracking body is refused on a connection that stays open: the server reads the rest of the body
// before answering, so a proxy still sending it (Caddy buffers tracking calls) gets the refusal, not a reset.
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Reads one HTTP/1.1 answer with a content-length off the socket. */
function readAnswer(socket: Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      const headEnd = buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const [statusLine = '', ...lines] = buffered.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }));
      const length = Number(headers['content-length'] ?? '0');
      if (buffered.length < headEnd + 4 + length) return;
      socket.removeListener('data', onData);
      socket.removeListener('error', reject);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: buffered.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') });
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

function request(path: string, body: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36\r\n`
    + `Origin: https://example.com\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`;
}

describe('an oversized tracking body', () => {
  let t: TestApp;
  let f: TrackingFixture;
  let port = 0;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createTrackingFixture(t.app, 'oversized', 'example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('is refused after being read, and the same connection then carries the next call', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      const oversized = JSON.stringify({ site_id: f.site.id, pathname: `/${'x'.repeat(100 * 1024)}` });
      const refusedAnswer = readAnswer(socket);
      socket.write(request('/api/track', oversized));
      const refused = await refusedAnswer;
      expect([refused.status, refused.headers.connection, JSON.parse(refused.body)]).toEqual([
        400, 'keep-alive', { success: false, error: 'Invalid payload', details: { fieldErrors: {}, formErrors: ['Request body exceeds 65536 bytes'] } },
      ]);
      const acceptedAnswer = readAnswer(socket);
      socket.write(request('/api/track', JSON.stringify({ site_id: f.site.id, pathname: '/after-oversized' })));
      const accepted = await acceptedAnswer;
      expect([accepted.status, accepted.body]).toEqual([200, '{"success":true}']);
    } finally {
      socket.destroy();
    }
  });

  it('over 1 MiB is refused at once, from its declared length, and that connection is closed', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      const answer = readAnswer(socket);
      socket.write(`POST /api/identify HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n{"site_id":`);
      const refused = await answer;
      expect([refused.status, refused.headers.connection, JSON.parse(refused.body)]).toEqual([
        400, 'close', { success: false, error: 'Invalid payload', details: { fieldErrors: {}, formErrors: ['Request body exceeds 65536 bytes'] } },
      ]);
    } finally {
      socket.destroy();
    }
  });
});

// The paced phase's minimal HTTP client: request bytes, response framing, and a round trip to a real server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpConnection, encodePost, takeResponse } from './http-connection.js';

describe('encodePost', () => {
  it('writes the request line, framing headers, the given headers and the body', () => {
    const bytes = encodePost('127.0.0.1:8080', '/api/track', { 'content-type': 'application/json', 'user-agent': 'UA' }, '{"a":"é"}');
    expect(bytes.toString('utf8')).toBe(
      'POST /api/track HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: keep-alive\r\nContent-Length: 10\r\n' +
        'content-type: application/json\r\nuser-agent: UA\r\n\r\n{"a":"é"}',
    );
  });
});

describe('takeResponse', () => {
  const full = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nContent-Length: 16\r\n\r\n{"success":true}';
  it.each([
    ['a complete response', full, { status: 200, body: '{"success":true}' }, ''],
    ['a response followed by the next one', full + 'HTTP/1.1', { status: 200, body: '{"success":true}' }, 'HTTP/1.1'],
    ['headers without the whole body', full.slice(0, -3), undefined, undefined],
    ['half the headers', full.slice(0, 20), undefined, undefined],
    ['a 503', 'HTTP/1.1 503 Service Unavailable\r\ncontent-length: 2\r\n\r\n{}', { status: 503, body: '{}' }, ''],
  ])('%s', (_name, text, response, rest) => {
    const taken = takeResponse(Buffer.from(text));
    expect(taken?.response).toEqual(response);
    expect(taken?.rest.toString()).toBe(rest);
  });

  it('refuses a response it cannot frame', () => {
    expect(() => takeResponse(Buffer.from('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n'))).toThrow('unsupported response framing');
  });
});

describe('HttpConnection', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(`${request.headers['x-forwarded-for'] ?? ''} ${body}`);
        // Two writes: the client must wait for the whole body.
        response.writeHead(body === 'fail' ? 400 : 200, { 'content-type': 'application/json', 'content-length': '16' });
        response.write('{"success":');
        setTimeout(() => response.end('true}'), 5);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends requests one after another on one keep-alive socket', async () => {
    const connection = new HttpConnection(port);
    const first = await connection.request(encodePost(`127.0.0.1:${port}`, '/api/track', { 'x-forwarded-for': '81.2.69.142' }, 'one'));
    expect(connection.busy).toBe(false);
    const second = await connection.request(encodePost(`127.0.0.1:${port}`, '/api/track', {}, 'fail'));
    connection.close();
    expect([first, second]).toEqual([
      { status: 200, body: '{"success":true}' },
      { status: 400, body: '{"success":true}' },
    ]);
    expect(seen).toEqual(['81.2.69.142 one', ' fail']);
  });

  it('rejects when nothing listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const connection = new HttpConnection(closedPort);
    await expect(connection.request(Buffer.from('x'))).rejects.toThrow(/ECONNREFUSED|closed/);
  });
});

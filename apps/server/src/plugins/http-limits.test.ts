/**
 * Issue 13 item 3, over real sockets (net, not app.inject: the limits live in Node's HTTP server):
 * a request whose body or headers stall is answered 408 with the error envelope and closed within
 * its configured limit, and one client address holds a bounded number of requests in progress.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { describeWithDb } from '../test/db';
import { listen } from '../test/engine-helpers';

const REQUEST_TIMEOUT_MS = 800;

interface RawAnswer {
  /** The bytes the server sent before it closed the connection. */
  text: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/** Opens a raw connection, writes `head` and then nothing more; resolves when the server closes it. */
function stall(
  port: number,
  head: string,
  timeoutMs = 10_000,
): { socket: net.Socket; answer: Promise<RawAnswer> } {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedAfterMs: Date.now() - started });
    });
  });
  socket.write(head);
  return { socket, answer };
}

function envelopeOf(raw: string): { status: number; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body: JSON.parse(body) as unknown };
}

describeWithDb('slow and stalled requests (issue 13 item 3)', () => {
  let t: TestApp;
  let port: number;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_HEADERS_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_MAX_REQUESTS_PER_ADDRESS: '3',
      },
    });
    base = await listen(t.app);
    port = Number(new URL(base).port);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a body that stops arriving: 408 REQUEST_TIMEOUT in the error envelope, closed within the limit', async () => {
    const { answer } = stall(
      port,
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"username":"a',
    );
    const { text, closedAfterMs } = await answer;
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS * 1.25 + 500);
    expect(envelopeOf(text)).toEqual({
      status: 408,
      body: { error: { code: 'REQUEST_TIMEOUT', message: expect.any(String) } },
    });
  });

  it('headers that stop arriving: 408 in the envelope, closed within the limit', async () => {
    const { answer } = stall(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const { text, closedAfterMs } = await answer;
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS * 1.25 + 500);
    expect(envelopeOf(text)).toMatchObject({ status: 408, body: { error: { code: 'REQUEST_TIMEOUT' } } });
  });

  it('one address holds at most the configured number of requests in progress: the next answers 429 RATE_LIMITED at once; when they end it is served again', async () => {
    const stalled = Array.from({ length: 3 }, () =>
      stall(
        port,
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await fetch(`${base}/api/health`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    await Promise.all(stalled.map((s) => s.answer));
    const served = await fetch(`${base}/api/health`);
    expect(served.status).toBe(200);
    // Finished requests are no longer counted, whichever way they came.
    for (let i = 0; i < 10; i++) {
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
    }
  });

  it('Node’s own refusals are in the envelope too: a malformed request line → 400 BAD_REQUEST, headers over the limit → 431 HEADERS_TOO_LARGE', async () => {
    const bad = await stall(port, 'GARBAGE\r\n\r\n').answer;
    expect(envelopeOf(bad.text)).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    const huge = await stall(
      port,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ).answer;
    expect(envelopeOf(huge.text)).toMatchObject({
      status: 431,
      body: { error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String) } },
    });
  });
});

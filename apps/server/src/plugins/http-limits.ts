import { STATUS_CODES, ServerResponse, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { statusOf, type ErrorCode } from '@antrean/shared/errors/codes';
import { errorMessage } from '@antrean/shared/i18n/errors';
import type { Config } from '../config/env';
import { AppError } from '../lib/errors';

/**
 * Node's own HTTP server options for slow clients (issue 13 item 3): the headers and the whole
 * request must arrive in time (Fastify's `requestTimeout` is off by default, so a stalled body
 * was held forever). Node checks the deadlines every `connectionsCheckingInterval`, a quarter of
 * the shorter one here (at most Node's 30 s), so a request is closed within 1.25 × its limit.
 */
export function httpServerOptions(http: Config['http']): ServerOptions {
  const shorter = Math.min(http.headersTimeoutMs, http.requestTimeoutMs);
  return {
    headersTimeout: http.headersTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(shorter / 4))),
  };
}

/** What Node refuses before Fastify sees a request, as an error code of ours. */
function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  return 'BAD_REQUEST';
}

/**
 * Node's `clientError`: a malformed request line or header, headers too large (431), a request
 * not received in time (408). Answered with the error envelope (in Indonesian, the default
 * language: the headers that would name another were not read) instead of Node's or Fastify's
 * own body, then the connection is closed. Nothing is written when the socket is gone or an
 * answer to this request has begun already. Logged at debug: anyone can send these.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrorCode(error);
  this.log.debug({ code: error.code }, 'client error');
  const inFlight: unknown = Reflect.get(socket, '_httpMessage');
  const answered = inFlight instanceof ServerResponse && inFlight.headersSent;
  if (socket.writable && !answered) {
    const status = statusOf(code);
    const body = JSON.stringify({ error: { code, message: errorMessage(code, 'id') } });
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Requests in progress per client address (`request.ip`, so behind a proxy the forwarded
 * address when TRUST_PROXY is on): over the limit, 429 RATE_LIMITED at once. Counted from the
 * headers until the response is done or the connection closed; WebSocket upgrades are left to
 * the live socket's own cap.
 */
export function installRequestLimits(app: FastifyInstance, max: number): void {
  if (max <= 0) return;
  const inProgress = new Map<string, number>();
  const counted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    const left = (inProgress.get(request.ip) ?? 1) - 1;
    if (left > 0) inProgress.set(request.ip, left);
    else inProgress.delete(request.ip);
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.upgrade) {
      done();
      return;
    }
    const current = inProgress.get(request.ip) ?? 0;
    if (current >= max) {
      done(new AppError('RATE_LIMITED'));
      return;
    }
    inProgress.set(request.ip, current + 1);
    counted.add(request);
    reply.raw.once('close', () => release(request));
    done();
  });
}

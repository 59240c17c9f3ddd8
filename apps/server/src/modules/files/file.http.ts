import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServedFile } from './file.service';

/** A file id never changes its bytes: its address may be cached for a year. */
export const IMMUTABLE = 'max-age=31536000, immutable';

/** True when `If-None-Match` names this ETag (a list, weak or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * The one byte range asked for (`bytes=a-b`, `bytes=a-`, `bytes=-n`), clamped to the file;
 * `unsatisfiable` for a range outside it; undefined for none, several or a malformed header (the
 * whole file is sent, as RFC 9110 allows).
 */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored file with its ETag (a matching `If-None-Match` answers 304), `cacheControl`, and
 * HTTP range requests: one range answers 206 with `Content-Range`, a range outside the file 416
 * (video seeking and mobile playback ask for ranges).
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
  cacheControl: string,
): FastifyReply {
  void reply
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== file.etag ? undefined : parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  void reply.header('content-type', file.mime);
  if (!range) {
    return reply.header('content-length', String(file.size)).send(file.read());
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', String(range.end - range.start + 1))
    .send(file.read(range));
}

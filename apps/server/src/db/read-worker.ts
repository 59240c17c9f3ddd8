/**
 * A worker thread that owns one READ-ONLY connection to the SQLite file (WAL lets it read while
 * the main thread writes). The main thread sends compiled SQL (db/read-pool.ts); long reads —
 * reports, exports, backups, history — then run here instead of blocking the event loop that
 * serves kiosks, callers and displays.
 *
 * Messages in:  { id, op: 'query', sql, params } | { id, op: 'stream', sql, params, chunk }
 *               | { id, op: 'more' } | { id, op: 'stop' }
 * Messages out: { id, rows } | { id, rows, done } (stream chunks) | { id, error }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

interface WorkerInput {
  file: string;
  /** Resolved path of better-sqlite3 (the worker may run from a bundle in another folder). */
  driver: string;
}

type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'stream'; sql: string; params: unknown[]; chunk: number }
  | { id: number; op: 'more' }
  | { id: number; op: 'stop' };

function isWorkerInput(value: unknown): value is WorkerInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'file') === 'string' &&
    typeof Reflect.get(value, 'driver') === 'string'
  );
}

const port = parentPort;
if (!port || !isWorkerInput(workerData)) throw new Error('read-worker: started without its input');
const input = workerData;

const load = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the module's own type, loaded by path
const Database = load(input.driver) as typeof BetterSqlite3;
const db = new Database(input.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

const statements = new Map<string, BetterSqlite3.Statement>();
function prepare(sql: string): BetterSqlite3.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (statements.size >= 200) {
      const oldest = statements.keys().next();
      if (oldest.done !== true) statements.delete(oldest.value);
    }
    statements.set(sql, statement);
  }
  return statement;
}

/** Open streams: the iterator is kept between chunks, so only one chunk is in memory at a time. */
const streams = new Map<number, { iterator: IterableIterator<unknown>; chunk: number }>();

function sendChunk(id: number): void {
  const stream = streams.get(id);
  if (!stream) return;
  const rows: unknown[] = [];
  let done = false;
  while (rows.length < stream.chunk) {
    const next = stream.iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    rows.push(next.value);
  }
  if (done) streams.delete(id);
  port?.postMessage({ id, rows, done });
}

port.on('message', (request: Request) => {
  try {
    switch (request.op) {
      case 'query': {
        const statement = prepare(request.sql);
        if (statement.reader) {
          port.postMessage({ id: request.id, rows: statement.all(request.params) });
        } else {
          // begin/commit/rollback of a read transaction; a write fails on the read-only connection.
          statement.run(request.params);
          port.postMessage({ id: request.id, rows: [] });
        }
        break;
      }
      case 'stream': {
        // A fresh statement: an iterating statement cannot run anything else until it is done.
        const iterator = db.prepare(request.sql).iterate(request.params);
        streams.set(request.id, { iterator, chunk: request.chunk });
        sendChunk(request.id);
        break;
      }
      case 'more':
        sendChunk(request.id);
        break;
      case 'stop': {
        const stream = streams.get(request.id);
        streams.delete(request.id);
        stream?.iterator.return?.();
        port.postMessage({ id: request.id, rows: [], done: true });
        break;
      }
    }
  } catch (error) {
    streams.delete(request.id);
    port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});

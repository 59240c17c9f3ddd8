import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';

/**
 * The long-read path on SQLite: a Kysely dialect whose connections are worker threads, each with
 * its own read-only connection to the database file (read-worker.ts). better-sqlite3 is
 * synchronous, so a 300 ms report on the main thread would freeze every kiosk, caller and display
 * for 300 ms; in a worker it costs the event loop only the time to pass the SQL and the rows.
 * The SQL is compiled on the main thread by the ordinary SQLite compiler, so a repository writes
 * the same Kysely queries for both paths. Streams hand rows over a chunk at a time, on demand.
 */
export interface ReadPoolOptions {
  file: string;
  /** Worker threads (read connections); long reads beyond that wait for a free one. */
  size: number;
  /** A query still running after this is abandoned: its worker is stopped and replaced. */
  timeoutMs: number;
}

interface Reply {
  rows: unknown[];
  done?: boolean;
}

type Message =
  | { op: 'query'; sql: string; params: readonly unknown[] }
  | { op: 'stream'; sql: string; params: readonly unknown[]; chunk: number }
  | { op: 'more' }
  | { op: 'stop' };

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const requireHere = createRequire(import.meta.url);

/** tsx's ESM API file (its CommonJS twin cannot load the ESM half from a worker). */
function tsxEsmApi(): string {
  const manifest = requireHere.resolve('tsx/package.json');
  const pkg: unknown = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const entry: unknown = isObject(pkg) && isObject(pkg.exports) ? pkg.exports['./esm/api'] : undefined;
  const esm: unknown = isObject(entry) && isObject(entry.import) ? entry.import.default : undefined;
  if (typeof esm !== 'string') throw new Error('tsx: no ESM API entry in its package.json');
  return path.join(path.dirname(manifest), esm);
}

/**
 * The worker's entry: the bundle's file in dist/, or — running from the TypeScript sources (dev,
 * tests, benchmarks) — the source loaded through tsx (a worker does not inherit the loader).
 */
function startWorker(workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./read-worker.js', import.meta.url), { workerData });
  }
  const source = new URL('./read-worker.ts', import.meta.url).href;
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(code, { eval: true, workerData });
}

/** One worker thread and its read connection; restarted when it dies or a query times out. */
class ReadConnection implements DatabaseConnection {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly options: ReadPoolOptions) {}

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker({ file: this.options.file, driver: requireHere.resolve('better-sqlite3') });
    worker.on('message', (message: unknown) => {
      if (!isObject(message) || typeof message.id !== 'number') return;
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      this.updateRef();
      if (typeof message.error === 'string') {
        pending.reject(new Error(message.error));
      } else {
        pending.resolve({
          rows: Array.isArray(message.rows) ? message.rows : [],
          done: message.done === true,
        });
      }
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new Error(`long-read worker stopped (exit code ${code})`));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** An idle worker must not keep the process alive; a busy one must. */
  private updateRef(): void {
    if (this.pending.size > 0) this.worker?.ref();
    else this.worker?.unref();
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }

  request(message: Message, id = this.nextId++): Promise<Reply> {
    const worker = this.ensureWorker();
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`long read timed out after ${this.options.timeoutMs} ms`));
        // The query cannot be interrupted inside better-sqlite3: stop the thread, start afresh.
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
      }, this.options.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.updateRef();
      worker.postMessage({ id, ...message });
    });
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.request({
      op: 'query',
      sql: compiledQuery.sql,
      params: compiledQuery.parameters,
    });
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- rows as the compiled query typed them (Kysely's driver contract)
    return { rows: reply.rows as R[] };
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 1000,
  ): AsyncIterableIterator<QueryResult<R>> {
    const id = this.nextId++;
    let done = false;
    try {
      let reply = await this.request(
        { op: 'stream', sql: compiledQuery.sql, params: compiledQuery.parameters, chunk: chunkSize },
        id,
      );
      for (;;) {
        done = reply.done === true;
        // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- as above
        if (reply.rows.length > 0) yield { rows: reply.rows as R[] };
        if (done) return;
        reply = await this.request({ op: 'more' }, id);
      }
    } finally {
      // The consumer stopped early: close the statement so the connection is usable again.
      if (!done && this.worker) await this.request({ op: 'stop' }, id).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}

class ReadPoolDriver implements Driver {
  private readonly connections: ReadConnection[] = [];
  private readonly free: ReadConnection[] = [];
  private readonly waiting: ((connection: ReadConnection) => void)[] = [];

  constructor(private readonly options: ReadPoolOptions) {}

  async init(): Promise<void> {
    for (let i = 0; i < Math.max(1, this.options.size); i++) {
      const connection = new ReadConnection(this.options);
      this.connections.push(connection);
      this.free.push(connection);
    }
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.free.pop();
    if (connection) return Promise.resolve(connection);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const owned = this.connections.find((c) => c === connection);
    if (!owned) return;
    const next = this.waiting.shift();
    if (next) next(owned);
    else this.free.push(owned);
  }

  async destroy(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }
}

/** The Kysely dialect of the long-read path on a SQLite file. */
export function readPoolDialect(options: ReadPoolOptions): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReadPoolDriver(options),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

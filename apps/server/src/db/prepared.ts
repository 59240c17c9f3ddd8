import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type Transaction } from 'kysely';
import type { DB } from './schema';

type Db = Kysely<DB> | Transaction<DB>;
type RowOf<Q> = Q extends Compilable<infer O> ? O : never;

const SENTINEL = '\u0000antrean:param:';

interface Compiled {
  sql: string;
  /** Per parameter position: the named parameter it takes, or the constant the builder had. */
  slots: ({ name: string } | { value: unknown })[];
}

const markerHandler: ProxyHandler<object> = {
  get: (_target, name) => (typeof name === 'string' ? `${SENTINEL}${name}` : undefined),
};

/**
 * The object the builder sees as its parameters: every property read gives that property's
 * marker. With `keys`, the markers are also own enumerable properties (so `.values(p)` of an
 * insert sees every column); otherwise any name answers through a proxy.
 */
function markers<P extends object>(keys?: readonly (keyof P & string)[]): P;
function markers(keys?: readonly string[]): object {
  if (keys) return Object.fromEntries(keys.map((key) => [key, `${SENTINEL}${key}`]));
  return new Proxy({}, markerHandler);
}

/**
 * A query built and compiled ONCE per dialect, then executed with new parameter values.
 *
 * Kysely rebuilds and recompiles a query each time it runs (immutable builders, operation-node
 * visitors): about 1 ms of the main thread for the ~12 statements of a ticket issuance
 * (bench/RESULTS.md F3). For the hot paths, `preparedQuery` builds the query with named
 * placeholders — `p.tenantId` is a unique marker string while compiling — and remembers where
 * each marker landed among the compiled parameters. Running it binds the real values in those
 * positions and hands Kysely the compiled SQL (`CompiledQuery.raw`), so SQLite/PostgreSQL see
 * exactly the SQL the builder produces. Markers may only be used as VALUES (where/insert/set/
 * limit/tuples), never for the shape of the query (no `in` lists of variable length, no
 * identifiers): the shape is fixed at the first compile.
 */
export class PreparedQuery<P extends object, R> {
  private readonly compiled = new WeakMap<object, Compiled>();

  constructor(
    private readonly build: (db: Kysely<DB>, p: P) => Compilable<R>,
    private readonly keys?: readonly (keyof P & string)[],
  ) {}

  private compiledFor(db: Db): Compiled {
    const key = db.getExecutor().adapter;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      const query = this.build(db, markers<P>(this.keys)).compile();
      compiled = {
        sql: query.sql,
        slots: query.parameters.map((value) =>
          typeof value === 'string' && value.startsWith(SENTINEL)
            ? { name: value.slice(SENTINEL.length) }
            : { value },
        ),
      };
      if (compiled.sql.includes(SENTINEL)) {
        throw new Error('preparedQuery: a parameter marker ended up in the SQL text');
      }
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  /** Runs the query with these values; the raw Kysely result (rows, affected rows). */
  execute(db: Db, params: P): Promise<QueryResult<R>> {
    const { sql, slots } = this.compiledFor(db);
    const parameters = slots.map((slot): unknown =>
      'name' in slot ? Reflect.get(params, slot.name) : slot.value,
    );
    return db.executeQuery<R>(CompiledQuery.raw(sql, parameters));
  }

  async all(db: Db, params: P): Promise<R[]> {
    return (await this.execute(db, params)).rows;
  }

  async first(db: Db, params: P): Promise<R | undefined> {
    return (await this.execute(db, params)).rows[0];
  }

  /** Rows changed by an insert/update/delete without `returning`. */
  async affected(db: Db, params: P): Promise<number> {
    return Number((await this.execute(db, params)).numAffectedRows ?? 0n);
  }
}

/**
 * `preparedQuery<{ tenantId: string }>()((db, p) => db.selectFrom(…).where('tenant_id', '=', p.tenantId))`.
 * Pass `keys` when the builder needs the parameters as a whole object (an insert's `.values(p)`).
 */
export function preparedQuery<P extends object>(keys?: readonly (keyof P & string)[]) {
  return <Q extends Compilable>(build: (db: Kysely<DB>, p: P) => Q): PreparedQuery<P, RowOf<Q>> =>
    new PreparedQuery<P, RowOf<Q>>(build, keys);
}

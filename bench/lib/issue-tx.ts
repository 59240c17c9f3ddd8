/**
 * The ticket-issuance transaction of ticket.service.ts issue(), statement by statement, with the
 * parameters each statement gets (ids, key, clock, sequence, answer), and the check that this
 * list matches what the real handler sends (captured through Kysely's log, capture.ts).
 */
import { createHash } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import { newId, randomCode } from '@antrean/shared/common/ids';
import { localDate } from '@antrean/shared/common/time';
import { formatTicketNumber } from '@antrean/shared/domain/ticket/numbering';
import type { Database } from '../../apps/server/src/db/database';
import { IDEMPOTENCY_TTL_MS } from '../../apps/server/src/modules/tickets/idempotency.repository';
import type { BenchSetup } from './setup';
import { captureIssuance, type CapturedQuery } from './capture';

type SqliteDb = SqliteDatabase.Database;
type SqliteStmt = SqliteDatabase.Statement;

export interface Target {
  tenantId: string;
  branchId: string;
  serviceId: string;
  kioskId: string;
  kioskCode: string;
}

/** Everything one issuance transaction reads and writes; filled as the steps run. */
export interface Ctx {
  t: Target;
  key: string;
  requestHash: string;
  now: number;
  ticketId: string;
  eventId: string;
  uniqueCode: string;
  day: string;
  serviceCode: string;
  slaSeconds: number;
  seq: number;
  peopleAhead: number;
  durations: number[];
  counters: number;
}

export type Row = Record<string, unknown>;

export interface Step {
  name: string;
  match: RegExp;
  /** Parameters, in the order Kysely emits them for the handler's query. */
  params: (c: Ctx) => unknown[];
  /** Reads the statement's rows into the context (what the handler does with them). */
  after?: (c: Ctx, rows: Row[]) => void;
}

const SCOPE = 'ticket.issue';

export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || typeof value === 'bigint') return Number(value);
  throw new Error(`not a number: ${String(value)}`);
}

function str(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`not a string: ${String(value)}`);
  return value;
}

/** The ticket row exactly as ticket.service.ts issue() builds it (same keys, same order). */
function ticketRow(c: Ctx): Row {
  return {
    id: c.ticketId,
    tenant_id: c.t.tenantId,
    branch_id: c.t.branchId,
    service_id: c.t.serviceId,
    sequence_service_id: c.t.serviceId,
    sub_service_id: null,
    service_day: c.day,
    seq: c.seq,
    number: formatTicketNumber(c.serviceCode, c.seq),
    unique_code: c.uniqueCode,
    booking_code: null,
    channel: 'kiosk',
    status: 'waiting',
    visitor_id: null,
    phone: null,
    customer_name: null,
    photo_file_id: null,
    kiosk_id: c.t.kioskId,
    slot_start_at: null,
    slot_end_at: null,
    issued_at: c.now,
    checked_in_at: c.now,
    queued_at: c.now,
    first_called_at: null,
    called_at: null,
    serving_started_at: null,
    finished_at: null,
    postponed_at: null,
    closed_at: null,
    counter_id: null,
    caller_user_id: null,
    recall_count: 0,
    skip_count: 0,
    transfer_count: 0,
    wait_seconds: null,
    service_seconds: null,
    sla_breached: null,
    notes: null,
    version: 1,
    created_at: c.now,
    updated_at: c.now,
  };
}

/** estimate.ts estimateFor(), same arithmetic. */
function estimate(c: Ctx): { minSeconds: number; maxSeconds: number } {
  const average =
    c.durations.length > 0 ? c.durations.reduce((a, b) => a + b, 0) / c.durations.length : c.slaSeconds;
  const point = (c.peopleAhead * average) / Math.max(1, c.counters);
  const spread = c.durations.length >= 10 ? 0.25 : 0.5;
  return {
    minSeconds: Math.max(0, Math.round(point * (1 - spread))),
    maxSeconds: Math.round(point * (1 + spread)),
  };
}

function responseBody(c: Ctx): string {
  return JSON.stringify({
    id: c.ticketId,
    number: formatTicketNumber(c.serviceCode, c.seq),
    status: 'waiting',
    serviceId: c.t.serviceId,
    branchId: c.t.branchId,
    uniqueCode: c.uniqueCode,
    issuedAt: c.now,
    peopleAhead: c.peopleAhead,
    estimatedWait: estimate(c),
  });
}

/** The handler's transaction, statement by statement (ticket.service.ts issue() + repositories). */
export const STEPS: Step[] = [
  { name: 'begin', match: /^begin$/, params: () => [] },
  {
    name: 'idempotency: claim key (insert … on conflict take over an expired one, returning)',
    match: /^insert into "idempotency_keys"/,
    params: (c) => [
      c.t.tenantId,
      SCOPE,
      c.key,
      c.requestHash,
      'in_progress',
      null,
      null,
      c.now,
      c.now + IDEMPOTENCY_TTL_MS,
      c.requestHash,
      'in_progress',
      null,
      null,
      c.now,
      c.now + IDEMPOTENCY_TTL_MS,
      c.now,
    ],
    after: (_c, rows) => {
      if (rows.length !== 1) throw new Error('idempotency key was not claimed');
    },
  },
  {
    name: 'branch lookup',
    match: /^select \* from "branches"/,
    params: (c) => [c.t.tenantId, c.t.branchId],
    after: (c, rows) => {
      c.day = localDate(c.now, str(rows[0]?.time_zone));
    },
  },
  {
    name: 'offered service lookup',
    match: /^select "services"\.\*, "branch_services"\."is_active" as "offered"/,
    params: (c) => [c.t.tenantId, c.t.branchId, c.t.tenantId, c.t.serviceId],
    after: (c, rows) => {
      c.serviceCode = str(rows[0]?.code);
      c.slaSeconds = num(rows[0]?.sla_seconds);
    },
  },
  {
    name: 'sequence upsert returning',
    match: /^insert into "ticket_sequences"/,
    params: (c) => [c.t.tenantId, c.t.branchId, c.t.serviceId, c.day, 1],
    after: (c, rows) => {
      c.seq = num(rows[0]?.last_seq);
    },
  },
  {
    // Walk-in availability (decision 29): the bench services have no schedule rows, so this one
    // read says "open" (a scheduled service would also read holidays and the hour's count).
    name: 'availability: schedules of the service',
    match: /^select "day_of_week", "start_time", "end_time", "hourly_limit", "interval" from "schedules"/,
    params: (c) => [c.t.tenantId, c.t.branchId, c.t.serviceId],
    after: (_c, rows) => {
      if (rows.length !== 0) throw new Error('bench services must have no schedule rows');
    },
  },
  { name: 'ticket insert', match: /^insert into "tickets"/, params: (c) => Object.values(ticketRow(c)) },
  {
    name: 'ticket event insert',
    match: /^insert into "ticket_events"/,
    params: (c) => [
      c.eventId,
      c.t.tenantId,
      c.ticketId,
      c.t.branchId,
      c.t.serviceId,
      'ticket.issued',
      null,
      'waiting',
      'kiosk',
      c.t.kioskId,
      null,
      null,
      c.now,
    ],
  },
  {
    name: 'people ahead (count)',
    match: /^select count\(\*\) as "n" from "tickets"/,
    params: (c) => [c.t.tenantId, c.t.branchId, c.t.serviceId, c.day, 'waiting', c.ticketId, c.now, c.seq],
    after: (c, rows) => {
      c.peopleAhead = num(rows[0]?.n);
    },
  },
  {
    name: 'estimate: recent service durations',
    match: /^select "service_seconds" from "tickets"/,
    params: (c) => [c.t.tenantId, c.t.branchId, c.t.serviceId, 'finished', 20],
    after: (c, rows) => {
      c.durations = rows.map((r) => num(r.service_seconds));
    },
  },
  {
    name: 'estimate: counters serving',
    match: /^select count\(\*\) as "n" from "counter_services"/,
    params: (c) => [c.t.tenantId, c.t.branchId, c.t.serviceId, 1],
    after: (c, rows) => {
      c.counters = num(rows[0]?.n);
    },
  },
  {
    name: 'idempotency: store the answer',
    match: /^update "idempotency_keys"/,
    params: (c) => ['completed', 201, responseBody(c), c.t.tenantId, SCOPE, c.key],
  },
  { name: 'commit', match: /^commit$/, params: () => [] },
];

function requestHashFor(t: Target): string {
  return createHash('sha256')
    .update(JSON.stringify({ branchId: t.branchId, serviceId: t.serviceId, channel: 'kiosk' }))
    .digest('hex');
}

export function freshCtx(t: Target, key: string, now: number): Ctx {
  return {
    t,
    key,
    requestHash: requestHashFor(t),
    now,
    ticketId: newId(now),
    eventId: newId(now),
    uniqueCode: randomCode(22),
    day: '',
    serviceCode: '',
    slaSeconds: 0,
    seq: 0,
    peopleAhead: 0,
    durations: [],
    counters: 0,
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'string' && String(a) === b);
}

/**
 * Checks the statement list against the captured request: same count, each SQL text matching
 * its step, and identical parameters when the context is filled from what the handler did.
 * Returns the captured statement texts (what the raw loop runs) and the auth lookups.
 */
export async function verifyAgainstCapture(
  database: Database,
  target: Target,
): Promise<{ sql: string[]; authQueries: CapturedQuery[]; statementsPerRequest: number }> {
  const captured = await captureIssuance(database, target, 3);
  const last = captured[captured.length - 1];
  if (!last) throw new Error('nothing captured');
  const begin = last.queries.findIndex((q) => /^begin$/i.test(q.sql));
  const commit = last.queries.findIndex((q) => /^commit$/i.test(q.sql));
  if (begin < 0 || commit < begin) throw new Error('capture: no begin … commit');
  const tx = last.queries.slice(begin, commit + 1);
  if (tx.length !== STEPS.length) {
    throw new Error(
      `handler SQL drifted: the transaction has ${tx.length} statements, bench/lib/raw-issue.ts knows ${STEPS.length}:\n${tx.map((q) => q.sql).join('\n')}`,
    );
  }
  const ticket = await database.db
    .selectFrom('tickets')
    .select(['seq'])
    .where('id', '=', last.body.id)
    .executeTakeFirstOrThrow();
  const event = await database.db
    .selectFrom('ticket_events')
    .select(['id'])
    .where('ticket_id', '=', last.body.id)
    .executeTakeFirstOrThrow();
  const service = await database.db
    .selectFrom('services')
    .select(['code', 'sla_seconds'])
    .where('id', '=', target.serviceId)
    .executeTakeFirstOrThrow();
  const branch = await database.db
    .selectFrom('branches')
    .select(['time_zone'])
    .where('id', '=', target.branchId)
    .executeTakeFirstOrThrow();
  const c: Ctx = {
    ...freshCtx(target, last.key, last.now),
    ticketId: last.body.id,
    eventId: event.id,
    uniqueCode: last.body.uniqueCode,
    day: localDate(last.now, branch.time_zone),
    serviceCode: service.code,
    slaSeconds: service.sla_seconds,
    seq: ticket.seq,
    peopleAhead: last.body.peopleAhead,
  };
  // The estimate inputs are checked through the stored answer: take them from the response.
  const expectedBody = JSON.stringify({
    id: last.body.id,
    number: last.body.number,
    status: 'waiting',
    serviceId: target.serviceId,
    branchId: target.branchId,
    uniqueCode: last.body.uniqueCode,
    issuedAt: last.now,
    peopleAhead: last.body.peopleAhead,
    estimatedWait: last.body.estimatedWait,
  });
  STEPS.forEach((step, i) => {
    const q = tx[i];
    if (!q) throw new Error('unreachable');
    const sql = q.sql.replace(/\$\d+/g, '?');
    if (!step.match.test(sql)) {
      throw new Error(`handler SQL drifted at statement ${i} (${step.name}):\n${q.sql}`);
    }
    let expected = step.params(c);
    if (step.name === 'idempotency: store the answer') {
      expected = ['completed', 201, expectedBody, target.tenantId, SCOPE, last.key];
    }
    const actual = q.parameters;
    const ok = expected.length === actual.length && expected.every((v, j) => sameValue(v, actual[j]));
    if (!ok) {
      throw new Error(
        `parameters differ at statement ${i} (${step.name}):\n expected ${JSON.stringify(expected)}\n captured ${JSON.stringify(actual)}`,
      );
    }
  });
  return {
    sql: tx.map((q) => q.sql),
    authQueries: last.queries.slice(0, begin),
    statementsPerRequest: last.queries.length,
  };
}

export async function loadTargets(
  database: Database,
  variant: 'hot' | 'spread',
  setup: BenchSetup,
): Promise<Target[]> {
  if (variant === 'hot') {
    const d = setup.demo;
    return d.kiosks.map((k) => ({
      tenantId: d.tenantId,
      branchId: d.branchId,
      serviceId: d.serviceId,
      kioskId: k.id,
      kioskCode: k.code,
    }));
  }
  const kiosks = await database.db
    .selectFrom('kiosks')
    .select(['id', 'code'])
    .where('tenant_id', '=', setup.tenantId)
    .execute();
  const byCode = new Map(kiosks.map((k) => [k.code, k.id]));
  return setup.branches.map((b) => {
    const kioskId = byCode.get(b.kioskCode);
    if (!kioskId) throw new Error(`no kiosk ${b.kioskCode}`);
    return {
      tenantId: setup.tenantId,
      branchId: b.branchId,
      serviceId: b.serviceId,
      kioskId,
      kioskCode: b.kioskCode,
    };
  });
}

/** Runs the transaction once on better-sqlite3, synchronously (`statement(k)` gives statement k). */
export function runTxSync(sqlite: SqliteDb, statement: (k: number) => SqliteStmt, c: Ctx): void {
  try {
    STEPS.forEach((step, k) => {
      const s = statement(k);
      const params = step.params(c);
      if (s.reader) {
        const rows: unknown[] = s.all(params);
        step.after?.(
          c,
          rows.filter((r): r is Row => typeof r === 'object' && r !== null),
        );
      } else {
        s.run(params);
      }
    });
  } catch (error) {
    if (sqlite.inTransaction) sqlite.prepare('rollback').run();
    throw error;
  }
}

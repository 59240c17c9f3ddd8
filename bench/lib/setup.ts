/**
 * Bench-only data setup: N extra branches for a bench tenant, written straight into the database
 * with the server's own Seeder and repositories (before the server starts), so every benchmark
 * starts from the same, known state. Nothing here is used by the product.
 *
 * Per branch `B0001…`: the tenant-level service `A` offered there, `counters` counters serving it,
 * a display `DSP-B0001`, a kiosk `KIOS-B0001`, a caller user assigned to that branch only with a
 * ready session (token known to the bench: no argon2 login per branch), and `waiting` waiting
 * tickets numbered from the branch's sequence (as issue() would).
 *
 * Kiosk walk-ins follow the service's schedule (decision 29). The bench branches get no schedule
 * rows (a service without any is not time-restricted), and the demo branch JKT01's schedules
 * (open around the clock, but 60 an hour) are removed, so every benchmark can issue at any time of day
 * and at any rate.
 */
import { newId, randomCode } from '@antrean/shared/common/ids';
import { localDate } from '@antrean/shared/common/time';
import { formatTicketNumber } from '@antrean/shared/domain/ticket/numbering';
import type { Database } from '../../apps/server/src/db/database';
import { Seeder } from '../../apps/server/src/db/seed/seeder';
import { hashPassword, newToken, sha256 } from '../../apps/server/src/lib/crypto';
import { insertSession } from '../../apps/server/src/modules/auth/session.repository';
import { insertTicket, nextSeq, NOT_STARTED } from '../../apps/server/src/modules/tickets/ticket.repository';

interface BenchBranch {
  index: number;
  branchId: string;
  code: string;
  serviceId: string;
  kioskCode: string;
  displayCode: string;
  counterIds: string[];
  /** Session token of the branch's caller (cookie `antrean_session`). */
  callerToken: string;
}

export interface BenchSetup {
  tenantId: string;
  timeZone: string;
  /** The demo tenant's hot target (Bank Nusantara, JKT01, Teller, kiosk KIOS-JKT01). */
  demo: {
    tenantId: string;
    branchId: string;
    serviceId: string;
    kioskCode: string;
    kioskId: string;
    /** KIOS-JKT01 plus HOT_KIOSKS (399) more kiosks of JKT01: the issue limit counts per kiosk. */
    kiosks: { code: string; id: string }[];
  };
  branches: BenchBranch[];
}

export interface SetupOptions {
  branches: number;
  counters: number;
  waiting: number;
  now: number;
}

const TIME_ZONE = 'Asia/Jakarta';
const pad = (n: number): string => String(n).padStart(4, '0');

/** Reads the demo ids the issuance benchmark needs (seedDemo must have run). */
async function demoTarget(database: Database): Promise<BenchSetup['demo']> {
  const { db } = database;
  const branch = await db
    .selectFrom('branches')
    .select(['id', 'tenant_id'])
    .where('code', '=', 'JKT01')
    .executeTakeFirstOrThrow();
  const service = await db
    .selectFrom('services')
    .select('id')
    .where('tenant_id', '=', branch.tenant_id)
    .where('code', '=', 'A')
    .executeTakeFirstOrThrow();
  const kiosk = await db
    .selectFrom('kiosks')
    .select(['id', 'code'])
    .where('code', '=', 'KIOS-JKT01')
    .executeTakeFirstOrThrow();
  return {
    tenantId: branch.tenant_id,
    branchId: branch.id,
    serviceId: service.id,
    kioskCode: kiosk.code,
    kioskId: kiosk.id,
    kiosks: [{ code: kiosk.code, id: kiosk.id }],
  };
}

/**
 * Kiosks are rate-limited per kiosk (120 issues a minute, decision 33): the hot variant sends
 * everything to JKT01 / Teller through KIOS-JKT01 and this many more kiosks of JKT01, round robin.
 */
const HOT_KIOSKS = 399;

async function addHotKiosks(database: Database, demo: BenchSetup['demo'], now: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const s = new Seeder(trx, now);
    for (let i = 1; i <= HOT_KIOSKS; i++) {
      const code = `KIOS-JKT01-H${String(i).padStart(3, '0')}`;
      demo.kiosks.push({
        code,
        id: await s.device('kiosk', demo.tenantId, demo.branchId, code, `Bench kiosk ${i}`),
      });
    }
  });
}

/**
 * Removes the schedules of the demo branch JKT01: a service without schedule rows is not
 * time-restricted, so the hot issuance variant can issue thousands of kiosk tickets there at any
 * time of day — with the same statements as the bench branches (one schedules read that finds
 * nothing), which keeps the raw replay's statement list identical for both variants.
 */
async function openDemoBranchAllDay(database: Database, demo: BenchSetup['demo']): Promise<void> {
  await database.db
    .deleteFrom('schedules')
    .where('tenant_id', '=', demo.tenantId)
    .where('branch_id', '=', demo.branchId)
    .execute();
}

/** Inserts the bench tenant and its branches in one transaction; returns the ids the drivers need. */
export async function setupBench(database: Database, options: SetupOptions): Promise<BenchSetup> {
  const { now } = options;
  const passwordHash = await hashPassword('antrean123');
  const day = localDate(now, TIME_ZONE);
  const result = await database.db.transaction().execute(async (trx) => {
    const s = new Seeder(trx, now);
    const category = await s.category('Bench');
    const tenantId = await s.tenant({ name: 'Bench Bank', categoryId: category });
    const serviceId = await s.service(tenantId, {
      name: 'Teller',
      code: 'A',
      sla_seconds: 300,
      sort_order: 1,
    });
    const branches: BenchBranch[] = [];
    for (let i = 1; i <= options.branches; i++) {
      const code = `B${pad(i)}`;
      const branchId = await s.branch(tenantId, {
        code,
        name: `Bench ${code}`,
        time_zone: TIME_ZONE,
        counter_limit: Math.max(10, options.counters),
      });
      await s.offer(tenantId, branchId, serviceId);
      const counterIds: string[] = [];
      for (let c = 1; c <= options.counters; c++) {
        counterIds.push(await s.counter(tenantId, branchId, c, [serviceId]));
      }
      const displayCode = `DSP-${code}`;
      const kioskCode = `KIOS-${code}`;
      await s.device('display', tenantId, branchId, displayCode, `Display ${code}`);
      const kioskId = await s.device('kiosk', tenantId, branchId, kioskCode, `Kiosk ${code}`);
      const userId = await s.user(tenantId, {
        username: `bench.caller.${code.toLowerCase()}`,
        fullName: `Caller ${code}`,
        role: 'caller',
        passwordHash,
        branchIds: [branchId],
      });
      const callerToken = newToken();
      await insertSession(trx, {
        id: newId(now),
        tokenHash: sha256(callerToken),
        subjectKind: 'staff',
        subjectId: userId,
        tenantId,
        ip: '127.0.0.1',
        userAgent: 'antrean-bench',
        now,
        expiresAt: now + 24 * 3600_000,
      });
      for (let w = 0; w < options.waiting; w++) {
        const seq = await nextSeq(trx, tenantId, branchId, serviceId, day);
        const at = now - (options.waiting - w) * 1000;
        await insertTicket(trx, {
          id: newId(at),
          tenant_id: tenantId,
          branch_id: branchId,
          service_id: serviceId,
          sequence_service_id: serviceId,
          sub_service_id: null,
          service_day: day,
          seq,
          number: formatTicketNumber('A', seq),
          unique_code: randomCode(22),
          booking_code: null,
          channel: 'kiosk',
          status: 'waiting',
          visitor_id: null,
          phone: null,
          customer_name: null,
          photo_file_id: null,
          kiosk_id: kioskId,
          slot_start_at: null,
          slot_end_at: null,
          issued_at: at,
          checked_in_at: at,
          queued_at: at,
          ...NOT_STARTED,
          transfer_count: 0,
          notes: null,
          version: 1,
          created_at: at,
          updated_at: at,
        });
      }
      branches.push({ index: i, branchId, code, serviceId, kioskCode, displayCode, counterIds, callerToken });
    }
    return { tenantId, branches };
  });
  const demo = await demoTarget(database);
  await openDemoBranchAllDay(database, demo);
  await addHotKiosks(database, demo, now);
  return { ...result, timeZone: TIME_ZONE, demo };
}

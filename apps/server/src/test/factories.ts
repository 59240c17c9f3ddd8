/**
 * Factories build the whole tenant graph, so a test states only what matters to it:
 * `f.buildCounter()` creates a tenant, a branch and a service offered there when none is given.
 * Inserts go through the demo `Seeder`, so the tests and the demo data build rows the same way.
 */
import type { FastifyInstance } from 'fastify';
import { newId, randomCode } from '@antrean/shared/common/ids';
import { localDate } from '@antrean/shared/common/time';
import { isBranchBound, type StaffRole } from '@antrean/shared/auth/roles';
import { formatTicketNumber } from '@antrean/shared/domain/ticket/numbering';
import type { TicketStatus } from '@antrean/shared/domain/ticket/status';
import type { Database } from '../db/database';
import { Seeder } from '../db/seed/seeder';
import type { Clock } from '../lib/clock';
import { hashPassword, newToken, sha256 } from '../lib/crypto';
import { SESSION_COOKIE } from '../plugins/auth';
import { createFolderStorage, storeBytes } from '../modules/files/file.storage';
import { randomSuffix } from './pg-admin';

export const TEST_PASSWORD = 'sandi-uji-123';

// argon2id costs ~50-150 ms per hash: hash each distinct password once per worker.
const passwordHashes = new Map<string, Promise<string>>();
function cachedPasswordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** Short, lowercase, unique enough for names that must be unique (usernames, codes). */
const uniq = (): string => randomSuffix(4);

export interface TenantRef {
  id: string;
  name: string;
  categoryId: string;
}
export interface BranchRef {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  timeZone: string;
}
export interface ServiceRef {
  id: string;
  tenantId: string;
  code: string;
  name: string;
  branchIds: string[];
  subServiceIds: string[];
}
export interface CounterRef {
  id: string;
  tenantId: string;
  branchId: string;
  name: string;
  number: number;
  serviceIds: string[];
}
export interface UserRef {
  id: string;
  /** null for the platform superadmin. */
  tenantId: string | null;
  username: string;
  password: string;
  role: StaffRole;
  branchIds: string[];
}
export interface DeviceRef {
  kind: 'display' | 'kiosk';
  id: string;
  tenantId: string;
  branchId: string;
  code: string;
}
export interface ApiKeyRef {
  branchId: string;
  tenantId: string;
  /** The plain key, `ak_<branchId>_<secret>`; only its sha256 is stored. */
  key: string;
}
export interface TicketRef {
  id: string;
  tenantId: string;
  branchId: string;
  serviceId: string;
  number: string;
  uniqueCode: string;
  status: TicketStatus;
}

export interface BranchGraph {
  branch: BranchRef;
  counter: CounterRef;
  display: DeviceRef;
  kiosk: DeviceRef;
  apiKey: ApiKeyRef;
  ticket: TicketRef;
  /** The booking code of `ticket`. */
  bookingCode: string;
}
export interface FileRef {
  id: string;
  tenantId: string;
}
export interface TenantGraph {
  tenant: TenantRef;
  service: ServiceRef;
  /** An uploaded file (on disk when the factories know the data dir). */
  file: FileRef;
  /** A tenant-wide holiday, far from the test clock's days. */
  holiday: { id: string };
  main: BranchGraph;
  other: BranchGraph;
  users: Record<'admin' | 'operator' | 'caller' | 'supervisor', UserRef>;
  /** A theme template of the tenant (not the active one). */
  theme: { id: string };
  /** A foreign currency of the tenant (GBP) with its rates. */
  currency: { id: string };
  /** A running text, a banner (showing `file`) and a video of the tenant, for every display. */
  signage: { runningTextId: string; bannerId: string; videoId: string };
  /** An interest-rate product of the tenant with one item. */
  product: { id: string; itemId: string };
  /** A WhatsApp message of the tenant's outbox that failed (the admin may retry it). */
  message: { id: string };
}

export function createFactories(database: Database, clock: Clock, dataDir?: string) {
  const { db } = database;
  const seeder = (): Seeder => new Seeder(db, clock.now());

  async function branchRow(branchId: string): Promise<{ tenant_id: string; time_zone: string }> {
    return db
      .selectFrom('branches')
      .select(['tenant_id', 'time_zone'])
      .where('id', '=', branchId)
      .executeTakeFirstOrThrow(() => new Error(`factory: no branch ${branchId}`));
  }

  async function buildTenant(values: { name?: string; isActive?: boolean } = {}): Promise<TenantRef> {
    const s = seeder();
    const suffix = uniq();
    const categoryId = await s.category(`Kategori ${suffix}`);
    const name = values.name ?? `Tenant ${suffix}`;
    const id = await s.tenant({ name, categoryId, isActive: values.isActive ?? true });
    return { id, name, categoryId };
  }

  async function buildBranch(
    values: { tenantId?: string; code?: string; name?: string; timeZone?: string; isActive?: boolean } = {},
  ): Promise<BranchRef> {
    const tenantId = values.tenantId ?? (await buildTenant()).id;
    const code = values.code ?? `B${uniq().toUpperCase()}`;
    const name = values.name ?? `Cabang ${code}`;
    const timeZone = values.timeZone ?? 'Asia/Jakarta';
    const id = await seeder().branch(tenantId, {
      code,
      name,
      time_zone: timeZone,
      province: 'DKI Jakarta',
      city: 'Jakarta Pusat',
      is_active: values.isActive === false ? 0 : 1,
    });
    return { id, tenantId, code, name, timeZone };
  }

  /** A tenant service, offered by `branchIds` (tenant looked up from the first branch when not given). */
  async function buildService(
    values: {
      tenantId?: string;
      branchIds?: string[];
      code?: string;
      name?: string;
      slaSeconds?: number;
      subServices?: string[];
    } = {},
  ): Promise<ServiceRef> {
    const branchIds = values.branchIds ?? [];
    const firstBranch = branchIds[0];
    const tenantId =
      values.tenantId ?? (firstBranch ? (await branchRow(firstBranch)).tenant_id : (await buildTenant()).id);
    const code = values.code ?? uniq().toUpperCase().slice(0, 4);
    const name = values.name ?? `Layanan ${code}`;
    const s = seeder();
    const id = await s.service(tenantId, { name, code, sla_seconds: values.slaSeconds ?? 300 });
    const subServiceIds: string[] = [];
    for (const [i, sub] of (values.subServices ?? []).entries()) {
      subServiceIds.push(await s.subService(tenantId, id, sub, i + 1));
    }
    for (const branchId of branchIds) await s.offer(tenantId, branchId, id);
    return { id, tenantId, code, name, branchIds, subServiceIds };
  }

  /** A counter (with its counter_services mapping); builds the branch and a service when missing. */
  async function buildCounter(
    values: { branchId?: string; tenantId?: string; serviceIds?: string[]; number?: number } = {},
  ): Promise<CounterRef> {
    const branchId =
      values.branchId ?? (await buildBranch(values.tenantId ? { tenantId: values.tenantId } : {})).id;
    const tenantId = (await branchRow(branchId)).tenant_id;
    const serviceIds = values.serviceIds ?? [(await buildService({ tenantId, branchIds: [branchId] })).id];
    let number = values.number;
    if (number === undefined) {
      const row = await db
        .selectFrom('counters')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('branch_id', '=', branchId)
        .executeTakeFirstOrThrow();
      number = row.n + 1;
    }
    const id = await seeder().counter(tenantId, branchId, number, serviceIds);
    return { id, tenantId, branchId, name: `Loket ${number}`, number, serviceIds };
  }

  /**
   * A staff account. Superadmins are platform users; branch-bound roles get a new branch of the
   * tenant when `branchIds` is not given. Usernames are unique across the installation.
   */
  async function buildUser(values: {
    role: StaffRole;
    tenantId?: string;
    branchIds?: string[];
    username?: string;
    password?: string;
    fullName?: string;
    isActive?: boolean;
  }): Promise<UserRef> {
    const password = values.password ?? TEST_PASSWORD;
    const passwordHash = await cachedPasswordHash(password);
    const username = (values.username ?? `${values.role}.${uniq()}`).toLowerCase();
    const fullName = values.fullName ?? `Pengguna ${username}`;
    const s = seeder();
    if (values.role === 'superadmin') {
      const id = await s.platformUser(username, fullName, passwordHash);
      if (values.isActive === false) {
        await db.updateTable('platform_users').set({ is_active: 0 }).where('id', '=', id).execute();
      }
      return { id, tenantId: null, username, password, role: 'superadmin', branchIds: [] };
    }
    const firstBranch = values.branchIds?.[0];
    const tenantId =
      values.tenantId ?? (firstBranch ? (await branchRow(firstBranch)).tenant_id : (await buildTenant()).id);
    const branchIds =
      values.branchIds ?? (isBranchBound(values.role) ? [(await buildBranch({ tenantId })).id] : []);
    const id = await s.user(tenantId, { username, fullName, role: values.role, passwordHash, branchIds });
    if (values.isActive === false) {
      await db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    }
    return { id, tenantId, username, password, role: values.role, branchIds };
  }

  async function buildDevice(
    kind: 'display' | 'kiosk',
    values: { branchId?: string; code?: string },
  ): Promise<DeviceRef> {
    const branchId = values.branchId ?? (await buildBranch()).id;
    const tenantId = (await branchRow(branchId)).tenant_id;
    const code = values.code ?? `${kind === 'display' ? 'DSP' : 'KIOS'}-${randomCode(22)}`;
    const id = await seeder().device(kind, tenantId, branchId, code, `${kind} ${code}`);
    return { kind, id, tenantId, branchId, code };
  }

  const buildDisplay = (values: { branchId?: string; code?: string } = {}) => buildDevice('display', values);
  const buildKiosk = (values: { branchId?: string; code?: string } = {}) => buildDevice('kiosk', values);

  /** Gives the branch an integration key (replacing any previous one) and returns the plain key. */
  async function buildBranchApiKey(branchId: string): Promise<ApiKeyRef> {
    const { tenant_id: tenantId } = await branchRow(branchId);
    const key = `ak_${branchId}_${newToken(24)}`;
    await db
      .updateTable('branches')
      .set({ api_key_hash: sha256(key), api_key_hint: key.slice(-4), updated_at: clock.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', branchId)
      .execute();
    return { branchId, tenantId, key };
  }

  /**
   * A ticket row as the issuing engine would leave it (sequence advanced, number formatted),
   * in the given status. For tests that need a ticket to exist, not for testing issuing.
   */
  async function buildTicket(
    values: { branchId?: string; serviceId?: string; status?: TicketStatus } = {},
  ): Promise<TicketRef> {
    let branchId = values.branchId;
    let serviceId = values.serviceId;
    if (!branchId) {
      const counter = await buildCounter();
      branchId = counter.branchId;
      serviceId ??= counter.serviceIds[0];
    }
    const branch = await branchRow(branchId);
    const tenantId = branch.tenant_id;
    serviceId ??= (await buildService({ tenantId, branchIds: [branchId] })).id;
    const service = await db
      .selectFrom('services')
      .select('code')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', serviceId)
      .executeTakeFirstOrThrow(() => new Error(`factory: no service ${serviceId} in the branch's tenant`));
    const now = clock.now();
    const serviceDay = localDate(now, branch.time_zone);
    await db
      .insertInto('ticket_sequences')
      .values({
        tenant_id: tenantId,
        branch_id: branchId,
        service_id: serviceId,
        service_day: serviceDay,
        last_seq: 1,
      })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'branch_id', 'service_id', 'service_day'])
          .doUpdateSet((eb) => ({ last_seq: eb('ticket_sequences.last_seq', '+', 1) })),
      )
      .execute();
    const { last_seq: seq } = await db
      .selectFrom('ticket_sequences')
      .select('last_seq')
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', branchId)
      .where('service_id', '=', serviceId)
      .where('service_day', '=', serviceDay)
      .executeTakeFirstOrThrow();
    const status = values.status ?? 'waiting';
    const id = newId(now);
    const number = formatTicketNumber(service.code, seq);
    const uniqueCode = randomCode(22);
    await db
      .insertInto('tickets')
      .values({
        id,
        tenant_id: tenantId,
        branch_id: branchId,
        service_id: serviceId,
        sequence_service_id: serviceId,
        sub_service_id: null,
        service_day: serviceDay,
        seq,
        number,
        unique_code: uniqueCode,
        booking_code: null,
        channel: 'operator',
        status,
        visitor_id: null,
        phone: null,
        customer_name: null,
        photo_file_id: null,
        kiosk_id: null,
        slot_start_at: null,
        slot_end_at: null,
        issued_at: now,
        checked_in_at: now,
        queued_at: status === 'booked' || status === 'unvalidated' ? null : now,
        first_called_at: null,
        called_at: null,
        serving_started_at: null,
        finished_at: null,
        postponed_at: null,
        closed_at: null,
        counter_id: null,
        caller_user_id: null,
        wait_seconds: null,
        service_seconds: null,
        sla_breached: null,
        notes: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id, tenantId, branchId, serviceId, number, uniqueCode, status };
  }

  /** One branch with everything a branch has: a counter serving the service, devices, an API key, a ticket. */
  async function buildBranchGraph(tenantId: string, serviceId: string): Promise<BranchGraph> {
    const branch = await buildBranch({ tenantId });
    await seeder().offer(tenantId, branch.id, serviceId);
    const counter = await buildCounter({ branchId: branch.id, serviceIds: [serviceId] });
    const display = await buildDisplay({ branchId: branch.id });
    const kiosk = await buildKiosk({ branchId: branch.id });
    const apiKey = await buildBranchApiKey(branch.id);
    const ticket = await buildTicket({ branchId: branch.id, serviceId });
    // The waiting ticket carries a booking code, so routes that look tickets up by code have one.
    const bookingCode = `BK${randomCode(8).toUpperCase()}`;
    await db
      .updateTable('tickets')
      .set({ booking_code: bookingCode })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ticket.id)
      .execute();
    return { branch, counter, display, kiosk, apiKey, ticket, bookingCode };
  }

  /** An uploaded file of the tenant (a banner image), stored on disk under `dataDir`. */
  async function buildFile(tenantId: string): Promise<FileRef> {
    if (!dataDir) {
      throw new Error('factory: buildFile needs the app data dir (createFactories(db, clock, dataDir))');
    }
    const id = newId(clock.now());
    const bytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { key, sha256: hash } = await storeBytes(createFolderStorage(dataDir), tenantId, bytes);
    await db
      .insertInto('files')
      .values({
        id,
        tenant_id: tenantId,
        kind: 'banner',
        original_name: 'banner.svg',
        mime_type: 'image/svg+xml',
        size_bytes: bytes.length,
        sha256: hash,
        storage_key: key,
        created_by: null,
        created_at: clock.now(),
      })
      .execute();
    return { id, tenantId };
  }

  /**
   * A complete tenant: a service with a sub service, two branches (`main` and `other`) each with
   * a counter, display, kiosk, API key and a waiting ticket, and a user of every tenant role; the
   * branch-bound users belong to `main` only.
   */
  async function buildTenantGraph(values: { name?: string } = {}): Promise<TenantGraph> {
    const tenant = await buildTenant(values.name ? { name: values.name } : {});
    // A tenant that is set up has chosen its theme (the product's colours here).
    await seeder().activeTheme(tenant.id);
    const service = await buildService({ tenantId: tenant.id, subServices: ['Sub layanan'] });
    const main = await buildBranchGraph(tenant.id, service.id);
    const other = await buildBranchGraph(tenant.id, service.id);
    const branchIds = [main.branch.id];
    const users = {
      admin: await buildUser({ role: 'admin', tenantId: tenant.id }),
      operator: await buildUser({ role: 'operator', tenantId: tenant.id, branchIds }),
      caller: await buildUser({ role: 'caller', tenantId: tenant.id, branchIds }),
      supervisor: await buildUser({ role: 'supervisor', tenantId: tenant.id, branchIds }),
    };
    const file = dataDir
      ? await buildFile(tenant.id)
      : { id: '00000000-0000-7000-8000-000000000000', tenantId: tenant.id };
    const holiday = {
      id: await buildHoliday({ tenantId: tenant.id, date: '2031-01-01', name: 'Libur uji' }),
    };
    const theme = { id: await buildTheme(tenant.id) };
    const currency = { id: await buildCurrency(tenant.id) };
    const signage = await buildSignage(tenant.id, file.id);
    const product = await buildProduct(tenant.id);
    const message = { id: await buildOutboxMessage(tenant.id, { status: 'failed' }) };
    return { tenant, service, main, other, users, file, holiday, theme, currency, signage, product, message };
  }

  /** A message in the tenant's outbox (a first call to 081234567890 by default, pending). */
  async function buildOutboxMessage(
    tenantId: string,
    values: { status?: string; recipient?: string; lastError?: string | null; createdAt?: number } = {},
  ): Promise<string> {
    const now = values.createdAt ?? clock.now();
    const id = newId(now);
    const status = values.status ?? 'pending';
    await db
      .insertInto('message_outbox')
      .values({
        id,
        tenant_id: tenantId,
        channel: 'whatsapp',
        provider: 'log',
        recipient: values.recipient ?? '+6281234567890',
        template: 'first_call',
        language: 'id',
        payload: JSON.stringify({ number: 'A001', counterName: 'Loket 1', branchName: 'KC' }),
        dedupe_key: `factory:${id}`,
        status,
        attempts: status === 'failed' ? 1 : 0,
        next_attempt_at: now,
        locked_until: null,
        last_error: values.lastError ?? (status === 'failed' ? 'HTTP 401: Invalid OAuth access token' : null),
        provider_message_id: null,
        sent_at: null,
        status_at: status === 'failed' ? now : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /** An active product ("Tabungan") with one item ("Reguler", 1.25 %). */
  async function buildProduct(tenantId: string): Promise<{ id: string; itemId: string }> {
    const now = clock.now();
    const id = newId(now);
    const itemId = newId(now);
    await db
      .insertInto('products')
      .values({ id, tenant_id: tenantId, name: 'Tabungan', sort_order: 0, created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto('product_items')
      .values({
        id: itemId,
        tenant_id: tenantId,
        product_id: id,
        name: 'Reguler',
        percentage: '1.25',
        sort_order: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id, itemId };
  }

  /** A foreign currency of the tenant with e-rate, bank note and TT counter rates (decimal text). */
  async function buildCurrency(tenantId: string, code = 'GBP'): Promise<string> {
    const now = clock.now();
    const id = newId(now);
    await db
      .insertInto('currencies')
      .values({
        id,
        tenant_id: tenantId,
        code,
        name: `Currency ${code}`,
        flag: null,
        buy: '20500.5',
        sell: '20800',
        bank_note_buy: '20450',
        bank_note_sell: '20850',
        tt_counter_buy: null,
        tt_counter_sell: null,
        sort_order: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /** A running text, a banner showing `fileId` and a video (no file) of the tenant. */
  async function buildSignage(tenantId: string, fileId: string): Promise<TenantGraph['signage']> {
    const now = clock.now();
    const base = { tenant_id: tenantId, branch_id: null, sort_order: 1, created_at: now, updated_at: now };
    const ids = { runningTextId: newId(now), bannerId: newId(now), videoId: newId(now) };
    await db
      .insertInto('running_texts')
      .values({ ...base, id: ids.runningTextId, content: `Teks berjalan ${uniq()}` })
      .execute();
    await db
      .insertInto('banners')
      .values({ ...base, id: ids.bannerId, name: `Banner uji ${uniq()}`, file_id: fileId })
      .execute();
    await db
      .insertInto('videos')
      .values({ ...base, id: ids.videoId, name: `Video ${uniq()}`, file_id: null, description: 'Video uji' })
      .execute();
    return ids;
  }

  /** A theme template of the tenant (readable colours, system fonts), not made active. */
  async function buildTheme(tenantId: string, name = `Tema ${uniq()}`): Promise<string> {
    const now = clock.now();
    const id = newId(now);
    await db
      .insertInto('themes')
      .values({
        id,
        tenant_id: tenantId,
        name,
        primary_color: '#0b5cab',
        secondary_color: '#f59f00',
        sidebar_background: '#0a2540',
        page_background: '#f5f7fa',
        display_background: '#0a2540',
        display_text_color: '#ffffff',
        font_family: 'Inter, system-ui, sans-serif',
        heading_font_family: 'Inter, system-ui, sans-serif',
        labels_json: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /**
   * Schedule rows of a branch's service (one per weekday, 0 = Sunday): the walk-in window and
   * hourly limit the kiosk and web channels follow. Default: every day, 08:00–15:00, 20 an hour.
   */
  async function buildSchedule(values: {
    branchId: string;
    serviceId: string;
    days?: number[];
    start?: string;
    end?: string;
    hourlyLimit?: number;
    interval?: 'quarter' | 'half' | 'hour';
  }): Promise<void> {
    const tenantId = (await branchRow(values.branchId)).tenant_id;
    await seeder().schedules(
      tenantId,
      values.branchId,
      values.serviceId,
      values.days ?? [0, 1, 2, 3, 4, 5, 6],
      values.start ?? '08:00',
      values.end ?? '15:00',
      values.hourlyLimit ?? 20,
      values.interval ?? 'hour',
    );
  }

  /** A holiday (`YYYY-MM-DD`, branch-local) of one branch, or of every branch of the tenant. */
  async function buildHoliday(values: {
    tenantId: string;
    branchId?: string | null;
    date: string;
    name?: string;
  }): Promise<string> {
    const now = clock.now();
    const id = newId(now);
    await db
      .insertInto('holidays')
      .values({
        id,
        tenant_id: values.tenantId,
        branch_id: values.branchId ?? null,
        date: values.date,
        name: values.name ?? 'Libur',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  return {
    buildTenantGraph,
    buildOutboxMessage,
    buildSchedule,
    buildHoliday,
    buildFile,
    buildTenant,
    buildBranch,
    buildService,
    buildCounter,
    buildUser,
    buildDisplay,
    buildKiosk,
    buildBranchApiKey,
    buildTicket,
    buildTheme,
  };
}

export type Factories = ReturnType<typeof createFactories>;

/**
 * Signs a staff member in through the real endpoint and returns the `Cookie` header value.
 * Throws (with the response) when the sign-in does not succeed.
 */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string = TEST_PASSWORD,
  options: { remoteAddress?: string } = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`loginAs(${username}) failed: ${response.statusCode} ${response.body}`);
  }
  return `${SESSION_COOKIE}=${cookie.value}`;
}

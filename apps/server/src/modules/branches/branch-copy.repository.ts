import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Copies a branch's setup to another branch of the same tenant, row by row with new ids:
 * service offers, schedules, counters with their services, kiosks and displays (new codes, in
 * the installation-wide directory) with the services they show. Every statement is scoped by
 * the tenant; `source` and `target` are checked by the caller.
 */
export async function copyBranchSetup(
  trx: Transaction<DB>,
  scope: { tenantId: string; source: string; target: string; now: number },
  parts: { schedules: boolean; counters: boolean; devices: boolean },
  fresh: { id: () => string; code: () => string },
): Promise<{ services: number; schedules: number; counters: number; kiosks: number; displays: number }> {
  const { tenantId, source, target, now } = scope;
  const stamps = { created_at: now };

  const offers = await trx
    .selectFrom('branch_services')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('branch_id', '=', source)
    .execute();
  if (offers.length > 0) {
    await trx
      .insertInto('branch_services')
      .values(offers.map((o) => ({ ...o, id: fresh.id(), branch_id: target, ...stamps, updated_at: now })))
      .execute();
  }
  let schedules = 0;
  if (parts.schedules) {
    const rows = await trx
      .selectFrom('schedules')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', source)
      .execute();
    schedules = rows.length;
    if (rows.length > 0) {
      await trx
        .insertInto('schedules')
        .values(rows.map((r) => ({ ...r, id: fresh.id(), branch_id: target, ...stamps, updated_at: now })))
        .execute();
    }
  }
  const counterIds = new Map<string, string>();
  if (parts.counters) {
    const counters = await trx
      .selectFrom('counters')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('branch_id', '=', source)
      .execute();
    for (const c of counters) counterIds.set(c.id, fresh.id());
    if (counters.length > 0) {
      await trx
        .insertInto('counters')
        .values(
          counters.map((c) => ({
            ...c,
            id: counterIds.get(c.id) ?? fresh.id(),
            branch_id: target,
            ...stamps,
            updated_at: now,
          })),
        )
        .execute();
      const mapping = await trx
        .selectFrom('counter_services')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('branch_id', '=', source)
        .execute();
      if (mapping.length > 0) {
        await trx
          .insertInto('counter_services')
          .values(
            mapping.map((m) => ({
              ...m,
              id: fresh.id(),
              branch_id: target,
              counter_id: counterIds.get(m.counter_id) ?? m.counter_id,
              ...stamps,
            })),
          )
          .execute();
      }
    }
  }
  let kiosks = 0;
  let displays = 0;
  if (parts.devices) {
    const directory: {
      kind: string;
      name: string;
      tenant_id: string;
      target_id: string;
      created_at: number;
    }[] = [];
    const kioskIds = new Map<string, string>();
    const kioskRows = (
      await trx
        .selectFrom('kiosks')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('branch_id', '=', source)
        .execute()
    ).map((k) => {
      const id = fresh.id();
      kioskIds.set(k.id, id);
      return {
        ...k,
        id,
        branch_id: target,
        code: fresh.code(),
        last_seen_at: null,
        last_ip: null,
        ...stamps,
        updated_at: now,
      };
    });
    kiosks = kioskRows.length;
    const displayIds = new Map<string, string>();
    const displayRows = (
      await trx
        .selectFrom('displays')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('branch_id', '=', source)
        .execute()
    ).map((d) => {
      const id = fresh.id();
      displayIds.set(d.id, id);
      return {
        ...d,
        id,
        branch_id: target,
        code: fresh.code(),
        counter_id: d.counter_id === null ? null : (counterIds.get(d.counter_id) ?? null),
        last_seen_at: null,
        last_ip: null,
        ...stamps,
        updated_at: now,
      };
    });
    displays = displayRows.length;
    for (const k of kioskRows) {
      directory.push({ kind: 'kiosk', name: k.code, tenant_id: tenantId, target_id: k.id, created_at: now });
    }
    for (const d of displayRows) {
      directory.push({
        kind: 'display',
        name: d.code,
        tenant_id: tenantId,
        target_id: d.id,
        created_at: now,
      });
    }
    if (kioskRows.length > 0) {
      await trx.insertInto('kiosks').values(kioskRows).execute();
      const offered = await trx
        .selectFrom('kiosk_services')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('kiosk_id', 'in', [...kioskIds.keys()])
        .execute();
      if (offered.length > 0) {
        await trx
          .insertInto('kiosk_services')
          .values(
            offered.map((s) => ({
              ...s,
              id: fresh.id(),
              kiosk_id: kioskIds.get(s.kiosk_id) ?? s.kiosk_id,
              ...stamps,
            })),
          )
          .execute();
      }
    }
    if (displayRows.length > 0) {
      await trx.insertInto('displays').values(displayRows).execute();
      const shown = await trx
        .selectFrom('display_services')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('display_id', 'in', [...displayIds.keys()])
        .execute();
      if (shown.length > 0) {
        await trx
          .insertInto('display_services')
          .values(
            shown.map((s) => ({
              ...s,
              id: fresh.id(),
              display_id: displayIds.get(s.display_id) ?? s.display_id,
              ...stamps,
            })),
          )
          .execute();
      }
    }
    if (directory.length > 0) await trx.insertInto('global_names').values(directory).execute();
  }
  return { services: offers.length, schedules, counters: counterIds.size, kiosks, displays };
}

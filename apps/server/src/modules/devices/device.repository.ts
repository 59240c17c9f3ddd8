import type { Db } from '../../lib/uow';

export async function findKiosk(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('kiosks')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function findDisplay(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('displays')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The services a display shows (none: all of the branch's). */
export async function listDisplayServiceIds(db: Db, tenantId: string, displayId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('display_services')
    .select('service_id')
    .where('tenant_id', '=', tenantId)
    .where('display_id', '=', displayId)
    .orderBy('service_id')
    .execute();
  return rows.map((r) => r.service_id);
}

/** What a display shows besides the queue: voice settings, running texts, banners, videos (the FX and interest-rate boards come in the live snapshot). */
export async function readDisplayContent(db: Db, tenantId: string) {
  const t = tenantId;
  const [voices, texts, banners, videos] = await Promise.all([
    db.selectFrom('voice_settings').selectAll().where('tenant_id', '=', t).execute(),
    db
      .selectFrom('running_texts')
      .selectAll()
      .where('tenant_id', '=', t)
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('banners')
      .selectAll()
      .where('tenant_id', '=', t)
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('videos')
      .selectAll()
      .where('tenant_id', '=', t)
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .execute(),
  ]);
  return { voices, texts, banners, videos };
}

/** The services a kiosk offers (none: every service of its branch shown on kiosks). */
export async function listKioskServiceIds(db: Db, tenantId: string, kioskId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('kiosk_services')
    .select('service_id')
    .where('tenant_id', '=', tenantId)
    .where('kiosk_id', '=', kioskId)
    .execute();
  return rows.map((r) => r.service_id);
}

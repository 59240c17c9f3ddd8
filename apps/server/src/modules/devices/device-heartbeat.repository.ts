import type { Db } from '../../lib/uow';

/** Writes devices' last-seen times; never moves one backwards (another process may have written a later one). */
export async function writeLastSeen(
  db: Db,
  rows: readonly { kind: 'display' | 'kiosk'; tenantId: string; deviceId: string; at: number; ip: string }[],
): Promise<void> {
  for (const row of rows) {
    await db
      .updateTable(row.kind === 'display' ? 'displays' : 'kiosks')
      .set({ last_seen_at: row.at, last_ip: row.ip })
      .where('tenant_id', '=', row.tenantId)
      .where('id', '=', row.deviceId)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', row.at)]))
      .execute();
  }
}

import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { TxContext } from '../../lib/group-commit';
import type { LiveBus } from '../../live/bus';
import { kioskCodesOf } from './service.repository';

/**
 * Tells every screen of these branches that their services changed, once the transaction has
 * committed (decision 22): the branch's staff topic and its displays (a `branch` message), and
 * each active kiosk of the branches on its own `kiosk:<code>` topic, so a deactivated service
 * leaves the kiosk at once instead of at its next 30 s refresh. The kiosk codes are read in the
 * same transaction; a kiosk that subscribes later reads the services fresh anyway.
 */
export async function announceCatalogChange(
  trx: Transaction<DB>,
  tx: TxContext,
  bus: LiveBus,
  change: { tenantId: string; branchIds: readonly string[]; serviceId: string | null },
): Promise<void> {
  const branchIds = [...new Set(change.branchIds)];
  if (branchIds.length === 0) return;
  const codes = await kioskCodesOf(trx, change.tenantId, branchIds);
  const data = { serviceId: change.serviceId };
  tx.afterCommit(() => {
    for (const branchId of branchIds) {
      bus.publish({ kind: 'branch', branchId, type: 'catalog.changed', staff: data, public: data });
    }
    for (const code of codes) {
      bus.publish({ kind: 'topic', topic: `kiosk:${code}`, type: 'catalog.changed', data });
    }
  });
}

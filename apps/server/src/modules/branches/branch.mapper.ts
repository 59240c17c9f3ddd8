import type { Branch, BranchDetail, BranchSummary } from '@antrean/shared/domain/branch';
import { fromFlag } from '../../lib/flags';
import type { BranchRow } from './branch.repository';

export function toBranchSummary(row: BranchRow): BranchSummary {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    province: row.province,
    city: row.city,
    timeZone: row.time_zone,
    isActive: fromFlag(row.is_active),
  };
}

export function toBranch(row: BranchRow): Branch {
  return {
    ...toBranchSummary(row),
    tenantId: row.tenant_id,
    address: row.address,
    village: row.village,
    category: row.category,
    displayLimit: row.display_limit,
    counterLimit: row.counter_limit,
    monitoringUrl: row.monitoring_url,
    autoServe: fromFlag(row.auto_serve),
    autoServeDelaySeconds: row.auto_serve_delay_seconds,
    whatsappVirtualTicket: fromFlag(row.whatsapp_virtual_ticket),
    showOnKiosk: fromFlag(row.show_on_kiosk),
    showOnWeb: fromFlag(row.show_on_web),
  };
}

export function toBranchDetail(
  row: BranchRow,
  usage: { activeCounters: number; activeDisplays: number },
): BranchDetail {
  return { ...toBranch(row), apiKeyHint: row.api_key_hint, usage };
}

import { type Service, SERVICE_TYPES, type ServiceInput } from '@antrean/shared/domain/service';
import { fromFlag } from '../../lib/flags';
import type { ServiceRow, ServiceValues, SubServiceRow } from './service.repository';

const flag = (value: boolean): number => (value ? 1 : 0);

/** A stored service and its sub services as the admin pages show it. */
export function toService(row: ServiceRow, subs: readonly SubServiceRow[]): Service {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    type: SERVICE_TYPES.find((t) => t === row.type) ?? 'both',
    description: row.description,
    slaSeconds: row.sla_seconds,
    printCount: row.print_count,
    bookingWhatsapp: fromFlag(row.booking_whatsapp),
    firstCallWhatsapp: fromFlag(row.first_call_whatsapp),
    afterHoldCallWhatsapp: fromFlag(row.after_hold_call_whatsapp),
    randomCaller: fromFlag(row.random_caller),
    customerPhoto: fromFlag(row.customer_photo),
    eformEnabled: fromFlag(row.eform_enabled),
    showOnWeb: fromFlag(row.show_on_web),
    showOnKiosk: fromFlag(row.show_on_kiosk),
    showRemainingQueue: fromFlag(row.show_remaining_queue),
    finishButton: fromFlag(row.finish_button),
    isActive: fromFlag(row.is_active),
    sortOrder: row.sort_order,
    subServices: subs
      .filter((s) => s.service_id === row.id)
      .map((s) => ({ id: s.id, name: s.name, isActive: fromFlag(s.is_active) })),
  };
}

/** The stored columns of the edited fields (sub services are rows of their own). */
export function toServiceValues(input: Omit<ServiceInput, 'subServices'>, now: number): ServiceValues {
  return {
    name: input.name,
    code: input.code,
    type: input.type,
    description: input.description === '' ? null : input.description,
    sla_seconds: input.slaSeconds,
    print_count: input.printCount,
    booking_whatsapp: flag(input.bookingWhatsapp),
    first_call_whatsapp: flag(input.firstCallWhatsapp),
    after_hold_call_whatsapp: flag(input.afterHoldCallWhatsapp),
    random_caller: flag(input.randomCaller),
    customer_photo: flag(input.customerPhoto),
    eform_enabled: flag(input.eformEnabled),
    show_on_web: flag(input.showOnWeb),
    show_on_kiosk: flag(input.showOnKiosk),
    show_remaining_queue: flag(input.showRemainingQueue),
    finish_button: flag(input.finishButton),
    is_active: flag(input.isActive),
    sort_order: input.sortOrder,
    updated_at: now,
  };
}

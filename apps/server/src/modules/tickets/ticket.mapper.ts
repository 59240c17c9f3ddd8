import type { LiveTicket } from '@antrean/shared/live/events';
import type { Ticket, TicketEvent } from '@antrean/shared/domain/ticket/ticket';
import {
  TICKET_STATUSES,
  CHANNELS,
  type TicketStatus,
  type TicketChannel,
} from '@antrean/shared/domain/ticket/status';
import type { TicketEventRow, TicketRow } from './ticket.repository';

export function toStatus(value: string): TicketStatus {
  const status = TICKET_STATUSES.find((s) => s === value);
  if (!status) throw new Error(`unknown ticket status ${value}`);
  return status;
}

function toChannel(value: string): TicketChannel {
  return CHANNELS.find((c) => c === value) ?? 'api';
}

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    branchId: row.branch_id,
    serviceId: row.service_id,
    subServiceId: row.sub_service_id,
    number: row.number,
    serviceDay: row.service_day,
    status: toStatus(row.status),
    channel: toChannel(row.channel),
    uniqueCode: row.unique_code,
    bookingCode: row.booking_code,
    isBooking: row.slot_start_at !== null,
    phone: row.phone,
    customerName: row.customer_name,
    photoUrl: row.photo_file_id ? `/api/v1/files/${row.photo_file_id}` : null,
    counterId: row.counter_id,
    callerUserId: row.caller_user_id,
    slotStartAt: row.slot_start_at,
    issuedAt: row.issued_at,
    checkedInAt: row.checked_in_at,
    queuedAt: row.queued_at,
    firstCalledAt: row.first_called_at,
    calledAt: row.called_at,
    servingStartedAt: row.serving_started_at,
    finishedAt: row.finished_at,
    postponedAt: row.postponed_at,
    recallCount: row.recall_count,
    transferCount: row.transfer_count,
    waitSeconds: row.wait_seconds,
    serviceSeconds: row.service_seconds,
    slaBreached: row.sla_breached === null ? null : row.sla_breached === 1,
    version: row.version,
  };
}

export function toTicketEvent(row: TicketEventRow): TicketEvent {
  return {
    id: row.id,
    type: row.type,
    fromStatus: row.from_status === null ? null : toStatus(row.from_status),
    toStatus: toStatus(row.to_status),
    actorKind: row.actor_kind,
    actorId: row.actor_id,
    counterId: row.counter_id,
    serviceId: row.service_id,
    at: row.at,
  };
}

/** What displays and ticket holders may see of a ticket: no phone, no name. */
export function toPublicEvent(row: TicketRow): LiveTicket {
  return {
    id: row.id,
    number: row.number,
    status: toStatus(row.status),
    serviceId: row.service_id,
    counterId: row.counter_id,
    calledAt: row.called_at,
    recallCount: row.recall_count,
  };
}

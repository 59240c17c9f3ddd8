/** Reading the server's answers into what the kiosk machine works with. */
import type { CheckInAnswer, KioskIssueAnswer } from '../common/contracts';
import { DeviceHttpError } from '../common/http';
import { isObject, isTicketStatus, type DeviceService } from '../onsite/device-kit';
import type { Failure, Shown, Sub } from './kiosk-machine';

/** The checked-in ticket: the fields the kiosk shows. */
export function isCheckedInTicket(value: unknown): value is CheckInAnswer {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.number === 'string' &&
    typeof value.serviceId === 'string' &&
    isTicketStatus(value.status)
  );
}

export function failureOf(error: unknown): Failure {
  return error instanceof DeviceHttpError
    ? { status: error.status, code: error.code, message: error.message }
    : { status: 0, code: 'NETWORK_ERROR', message: String(error) };
}

export function shownOf(
  ticket: KioskIssueAnswer | CheckInAnswer,
  service: DeviceService | null,
  sub: Sub | null,
): Shown {
  return {
    number: ticket.number,
    uniqueCode: ticket.uniqueCode,
    service,
    sub,
    peopleAhead: 'peopleAhead' in ticket ? ticket.peopleAhead : null,
    estimatedWait: 'estimatedWait' in ticket ? ticket.estimatedWait : null,
    issuedAt: ticket.issuedAt,
  };
}

import type { BranchService } from '@antrean/shared/domain/service';
import type { Ticket } from '@antrean/shared/domain/ticket/ticket';
import { BRANCH_ID } from './fixtures';

/** Teller (A), the first service of the screen tests. */
export const TELLER = '01a2010e-3799-7482-aa9e-1ab2aa531a10';

/**
 * A ticket as the API returns it, for the screen tests: number `A<n>`, id ending in `n`, an
 * unvalidated-style blank slate (no counter, no caller, no times after issuing) unless overridden.
 */
export function makeTicket(n: number, overrides: Partial<Ticket> = {}): Ticket {
  const issuedAt = overrides.issuedAt ?? Date.now() - 600_000 + n;
  return {
    id: `01a2010e-3799-7000-8000-${String(n).padStart(12, '0')}`,
    branchId: BRANCH_ID,
    serviceId: TELLER,
    subServiceId: null,
    number: `A${String(n).padStart(3, '0')}`,
    serviceDay: '2026-11-22',
    status: 'waiting',
    channel: 'kiosk',
    uniqueCode: `code${String(n)}abcdefgh`,
    bookingCode: null,
    isBooking: false,
    phone: null,
    customerName: null,
    photoUrl: null,
    counterId: null,
    callerUserId: null,
    slotStartAt: null,
    issuedAt,
    checkedInAt: null,
    queuedAt: issuedAt,
    firstCalledAt: null,
    calledAt: null,
    servingStartedAt: null,
    finishedAt: null,
    postponedAt: null,
    recallCount: 0,
    transferCount: 0,
    waitSeconds: null,
    serviceSeconds: null,
    slaBreached: null,
    version: 1,
    ...overrides,
  };
}

/** A branch service as the API lists it: Teller for code A, Customer Service otherwise. */
export function makeService(id: string, code: string, overrides: Partial<BranchService> = {}): BranchService {
  return {
    id,
    name: code === 'A' ? 'Teller' : 'Customer Service',
    code,
    type: 'both',
    slaSeconds: 300,
    printCount: 1,
    randomCaller: false,
    customerPhoto: false,
    finishButton: true,
    showOnKiosk: true,
    showOnWeb: true,
    showRemainingQueue: true,
    isActive: true,
    subServices: [],
    ...overrides,
  };
}

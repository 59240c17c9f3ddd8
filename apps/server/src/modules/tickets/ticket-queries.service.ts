import { localDate } from '@antrean/shared/common/time';
import type { BranchQueue, PublicTicket, Ticket, TicketEvent } from '@antrean/shared/domain/ticket/ticket';
import type { CounterSnapshot } from '@antrean/shared/live/events';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import { findBranch, findPublicBranch } from '../branches/branch.repository';
import { listBoardServices } from '../branches/branch-board.repository';
import * as repo from './ticket.repository';
import * as lookup from './ticket-lookup.repository';
import * as queueRepo from './ticket-queue.repository';
import { toStatus, toTicket, toTicketEvent } from './ticket.mapper';
import { estimateFor } from './estimate';
import { branchOrNotFound } from './ticket-engine';

/** Reading tickets and queues: a ticket with its events, the public ticket page, a branch's queue, a counter's ticket. */
export function createTicketQueries(deps: ServiceDeps) {
  const { uow } = deps;
  const kind = uow.kind;

  async function get(actor: Actor, ticketId: string): Promise<Ticket & { events: TicketEvent[] }> {
    const tenantId = tenantOf(actor);
    const ticket = await uow.read((db) => repo.findTicket(db, kind, tenantId, ticketId));
    if (!ticket) throw new AppError('NOT_FOUND');
    assertBranchAccess(actor, ticket.branch_id);
    const events = await uow.read((db) => repo.listEvents(db, tenantId, ticketId));
    return { ...toTicket(ticket), events: events.map(toTicketEvent) };
  }

  async function publicGet(uniqueCode: string): Promise<PublicTicket> {
    return uow.read(async (db) => {
      const ticket = await repo.findTicketByCode(db, uniqueCode);
      if (!ticket) throw new AppError('NOT_FOUND');
      // A visitor of an inactive tenant is refused (its data is kept): decision 53.
      if ((await findPublicBranch(db, ticket.branch_id))?.tenant_active !== 1) {
        throw new AppError('TENANT_INACTIVE');
      }
      const [branch, service] = await Promise.all([
        findBranch(db, ticket.tenant_id, ticket.branch_id),
        lookup.findOfferedService(db, ticket.tenant_id, ticket.branch_id, ticket.service_id),
      ]);
      if (!branch || !service) throw new AppError('NOT_FOUND');
      const counter = ticket.counter_id
        ? await lookup.findCounter(db, kind, ticket.tenant_id, ticket.counter_id)
        : undefined;
      const waiting = ticket.status === 'waiting';
      const peopleAhead = waiting ? await queueRepo.countAhead(db, ticket) : 0;
      const showCounter =
        ticket.status === 'calling' || ticket.status === 'called' || ticket.status === 'serving';
      return {
        number: ticket.number,
        status: toStatus(ticket.status),
        serviceDay: ticket.service_day,
        service: { id: service.id, name: service.name, code: service.code },
        branch: { id: branch.id, name: branch.name, code: branch.code, timeZone: branch.time_zone },
        peopleAhead,
        estimatedWait:
          waiting && service.show_remaining_queue === 1
            ? await estimateFor(db, ticket, peopleAhead, service.sla_seconds)
            : null,
        counter:
          showCounter && counter ? { id: counter.id, name: counter.name, number: counter.number } : null,
        issuedAt: ticket.issued_at,
        calledAt: ticket.called_at,
      };
    });
  }

  /** Today's queue of a branch (branch-local day), per offered service. */
  async function queue(actor: Actor, branchId: string): Promise<BranchQueue> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    const branch = await uow.read((db) => branchOrNotFound(db, tenantId, branchId));
    return queueSnapshot(tenantId, branch.id, branch.time_zone);
  }

  async function queueSnapshot(tenantId: string, branchId: string, timeZone: string): Promise<BranchQueue> {
    const day = localDate(deps.clock.now(), timeZone);
    const [tickets, counts, services] = await uow.read((db) =>
      Promise.all([
        queueRepo.listOpenTickets(db, tenantId, branchId, day),
        queueRepo.countByStatus(db, tenantId, branchId, day),
        listBoardServices(db, tenantId, branchId),
      ]),
    );
    const countOf = (serviceId: string, statuses: string[]) =>
      counts
        .filter((c) => c.service_id === serviceId && statuses.includes(c.status))
        .reduce((sum, c) => sum + c.n, 0);
    return {
      branchId,
      serviceDay: day,
      services: services.map((s) => {
        const mine = tickets.filter((t) => t.service_id === s.id).map(toTicket);
        return {
          serviceId: s.id,
          code: s.code,
          name: s.name,
          counts: {
            waiting: countOf(s.id, ['waiting']),
            active: countOf(s.id, ['calling', 'called', 'serving']),
            held: countOf(s.id, ['held']),
            skipped: countOf(s.id, ['skipped']),
            finished: countOf(s.id, ['finished']),
            unvalidated: countOf(s.id, ['unvalidated']),
            booked: countOf(s.id, ['booked']),
          },
          waiting: mine.filter((t) => t.status === 'waiting'),
          active: mine.filter(
            (t) => t.status === 'calling' || t.status === 'called' || t.status === 'serving',
          ),
          held: mine.filter((t) => t.status === 'held'),
          skipped: mine.filter((t) => t.status === 'skipped'),
        };
      }),
    };
  }

  /** The live `counter:<id>` snapshot: the counter's active ticket. */
  async function counterSnapshot(tenantId: string, counterId: string): Promise<CounterSnapshot> {
    const active = await uow.read((db) => repo.findActiveForCounter(db, tenantId, counterId));
    return { counterId, activeTicket: active ? toTicket(active) : null };
  }

  return { get, publicGet, queue, queueSnapshot, counterSnapshot };
}

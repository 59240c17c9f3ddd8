import { newId, randomCode } from '@antrean/shared/common/ids';
import { localDate } from '@antrean/shared/common/time';
import { can } from '@antrean/shared/auth/permissions';
import { formatTicketNumber } from '@antrean/shared/domain/ticket/numbering';
import { IssuedTicketSchema, type IssuedTicket } from '@antrean/shared/domain/ticket/ticket';
import type { IssueTicketBody } from '@antrean/shared/contracts/tickets.contract';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import { sha256 } from '../../lib/crypto';
import { findPublicBranch } from '../branches/branch.repository';
import { findTenantSettings } from '../tenants/tenant.repository';
import * as repo from './ticket.repository';
import * as lookup from './ticket-lookup.repository';
import * as queueRepo from './ticket-queue.repository';
import * as idem from './idempotency.repository';
import { estimateFor } from './estimate';
import { enqueueMessage } from '../messaging/outbox.repository';
import { eticketLink } from '../messaging/message-text';
import { serviceAvailability } from '../devices/availability';
import { branchOrNotFound, type TicketRecorder } from './ticket-engine';

/** Walk-in channels that follow the service's schedule, holidays and hourly limit (decision 29). */
const SCHEDULED_CHANNELS: ReadonlySet<IssueTicketBody['channel']> = new Set(['kiosk', 'web']);

/** Issuing tickets: staff, kiosks and API keys, and visitors from the QR poster. */
export function createTicketIssueService(deps: ServiceDeps, recorder: TicketRecorder) {
  const { uow } = deps;
  const { record } = recorder;

  /**
   * Issues a ticket: one transaction allocates the number from the branch-local day's sequence,
   * stores the ticket and its first event, and the Idempotency-Key's answer. The same key with
   * the same body returns the first answer for 24 h; with another body, 422.
   */
  async function issue(
    actor: Actor,
    branchId: string,
    body: IssueTicketBody,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 201; body: IssuedTicket }> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    if (actor.kind === 'staff' && !can(actor.role, 'queue.operate')) throw new AppError('FORBIDDEN');
    if (
      (actor.kind === 'kiosk' && body.channel !== 'kiosk') ||
      (actor.kind === 'apiKey' && body.channel !== 'api' && body.channel !== 'web')
    ) {
      throw new AppError('VALIDATION_FAILED', { fields: { channel: 'v.enum' } });
    }
    return issueIn(tenantId, actor, branchId, body, idempotencyKey);
  }

  /**
   * A visitor takes a ticket on their phone from the QR poster at the branch entrance
   * (`/layanan-on-site/:cabangId`): no account, channel `web`, only branches and services shown
   * on the web.
   */
  async function issuePublic(
    branchId: string,
    body: Omit<IssueTicketBody, 'channel'>,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 201; body: IssuedTicket }> {
    const branch = await uow.read((db) => findPublicBranch(db, branchId));
    if (branch?.show_on_web !== 1) throw new AppError('NOT_FOUND');
    if (branch.tenant_active !== 1) throw new AppError('TENANT_INACTIVE');
    return issueIn(
      branch.tenant_id,
      { kind: 'public' },
      branchId,
      { ...body, channel: 'web' },
      idempotencyKey,
    );
  }

  async function issueIn(
    tenantId: string,
    actor: Actor,
    branchId: string,
    body: IssueTicketBody,
    idempotencyKey: string | undefined,
  ): Promise<{ status: 201; body: IssuedTicket }> {
    const now = deps.clock.now();
    const requestHash = sha256(JSON.stringify({ branchId, ...body }));
    const scope = 'ticket.issue';

    return uow.transaction(async (trx, tx) => {
      if (idempotencyKey) {
        const claim = await idem.claimKey(trx, { tenantId, scope, key: idempotencyKey, requestHash, now });
        if (!claim.claimed) {
          if (claim.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          if (claim.responseBody === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
          return { status: 201 as const, body: IssuedTicketSchema.parse(JSON.parse(claim.responseBody)) };
        }
      }
      const branch = await branchOrNotFound(trx, tenantId, branchId);
      if (branch.is_active !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      const service = await lookup.findOfferedService(trx, tenantId, branchId, body.serviceId);
      if (!service) throw new AppError('NOT_FOUND');
      if (service.is_active !== 1 || service.offered !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      if (
        (body.channel === 'kiosk' && service.show_on_kiosk !== 1) ||
        (body.channel === 'web' && service.show_on_web !== 1)
      ) {
        throw new AppError('SERVICE_NOT_AVAILABLE', { reason: 'hidden' });
      }
      if (body.subServiceId) {
        const sub = await lookup.findSubService(trx, tenantId, service.id, body.subServiceId);
        if (!sub) throw new AppError('NOT_FOUND');
        if (sub.is_active !== 1) throw new AppError('SERVICE_NOT_AVAILABLE');
      }
      const day = localDate(now, branch.time_zone);
      const seq = await repo.nextSeq(trx, tenantId, branchId, service.id, day);
      // Kiosk and web walk-ins only while the service is open (decision 29). Checked after the
      // idempotency claim (a retried key gets its first answer) and after the sequence upsert:
      // on PostgreSQL that row lock serialises the issues of this service and day, so the hourly
      // count below already sees the tickets committed before us. A refusal rolls all of it back.
      if (SCHEDULED_CHANNELS.has(body.channel)) {
        const open = await serviceAvailability(trx, {
          tenantId,
          branchId,
          serviceId: service.id,
          timeZone: branch.time_zone,
          now,
        });
        if (!open.open) {
          throw new AppError('SERVICE_NOT_AVAILABLE', { reason: open.reason, nextOpenAt: open.nextOpenAt });
        }
      }
      const row: repo.TicketRow = {
        id: newId(now),
        tenant_id: tenantId,
        branch_id: branchId,
        service_id: service.id,
        sequence_service_id: service.id,
        sub_service_id: body.subServiceId ?? null,
        service_day: day,
        seq,
        number: formatTicketNumber(service.code, seq),
        unique_code: randomCode(22),
        booking_code: null,
        channel: body.channel,
        status: 'waiting',
        visitor_id: null,
        phone: body.phone ?? null,
        customer_name: null,
        photo_file_id: null,
        kiosk_id: actor.kind === 'kiosk' ? actor.deviceId : null,
        slot_start_at: null,
        slot_end_at: null,
        issued_at: now,
        checked_in_at: now,
        queued_at: now,
        ...repo.NOT_STARTED,
        transfer_count: 0,
        notes: null,
        version: 1,
        created_at: now,
        updated_at: now,
      };
      await repo.insertTicket(trx, row);
      await record(trx, tx, null, row, 'issue', actor, now);
      const peopleAhead = await queueRepo.countAhead(trx, row);
      const estimatedWait = await estimateFor(trx, row, peopleAhead, service.sla_seconds);
      const issued: IssuedTicket = {
        id: row.id,
        number: row.number,
        status: 'waiting',
        serviceId: row.service_id,
        branchId,
        uniqueCode: row.unique_code,
        issuedAt: now,
        peopleAhead,
        estimatedWait,
      };
      if (row.phone && branch.whatsapp_virtual_ticket === 1) {
        // The virtual ticket by WhatsApp (kiosk / phone), through the outbox: sent only if this commits.
        const settings = await findTenantSettings(trx, tenantId);
        await enqueueMessage(trx, {
          tenantId,
          provider: settings?.whatsapp_provider ?? 'log',
          recipient: row.phone,
          template: 'virtual_ticket',
          language: settings?.default_language ?? 'id',
          payload: {
            number: row.number,
            serviceName: service.name,
            branchName: branch.name,
            peopleAhead,
            link: eticketLink(deps.config.publicUrl, row.unique_code),
          },
          dedupeKey: `ticket:${row.id}:virtual`,
          now,
        });
      }
      if (idempotencyKey) {
        await idem.completeKey(trx, {
          tenantId,
          scope,
          key: idempotencyKey,
          status: 201,
          body: JSON.stringify(issued),
        });
      }
      return { status: 201 as const, body: issued };
    });
  }

  return { issue, issuePublic };
}

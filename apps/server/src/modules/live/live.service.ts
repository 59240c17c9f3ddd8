import { canSeeBranch } from '@antrean/shared/auth/permissions';
import type { ErrorCode } from '@antrean/shared/errors/codes';
import type { LiveSnapshotOf } from '@antrean/shared/live/events';
import type { TopicKind } from '@antrean/shared/live/topics';
import type { StaffActor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import type { AuthService } from '../auth/auth.service';
import { findBranch } from '../branches/branch.repository';
import { buildDisplaySnapshot } from '../devices/display-snapshot';
import type { DeviceService } from '../devices/device.service';
import { findCounter } from '../tickets/ticket-lookup.repository';
import type { TicketService } from '../tickets/ticket.service';

/** The display a `display:<code>` subscription belongs to. */
export interface DisplayBinding {
  tenantId: string;
  branchId: string;
  deviceId: string;
}

/** Whether a topic may be subscribed to, and if so how its snapshot (typed by the topic's kind) is read. */
export type TopicAccess =
  | { ok: false; code: ErrorCode }
  | {
      [K in TopicKind]: {
        ok: true;
        kind: K;
        snapshot: () => Promise<LiveSnapshotOf<K>>;
        display?: DisplayBinding;
      };
    }[TopicKind];

/**
 * The live socket's use cases: who may subscribe to which topic (staff topics need a session of
 * the tenant that may see the branch; display and ticket topics need their code), each topic's
 * snapshot, a display's announcement acknowledgement and its heartbeat.
 */
export function createLiveService(
  deps: ServiceDeps,
  auth: AuthService,
  tickets: TicketService,
  devices: DeviceService,
) {
  const { uow } = deps;

  /**
   * The staff member a session cookie belongs to and when the session expires; null when it is
   * unknown, expired or revoked, or its user or tenant inactive.
   */
  function staffFromSession(token: string): Promise<{ actor: StaffActor; expiresAt: number } | null> {
    return auth.resolveStaff(token).then(
      (resolved) => (resolved ? { actor: resolved.actor, expiresAt: resolved.expiresAt } : null),
      () => null,
    );
  }

  async function access(
    topic: { kind: TopicKind; id: string },
    staff: () => Promise<StaffActor | null>,
  ): Promise<TopicAccess> {
    switch (topic.kind) {
      case 'branch': {
        const actor = await staff();
        if (!actor) return { ok: false, code: 'AUTH_REQUIRED' };
        const tenantId = actor.tenantId;
        if (!tenantId || !canSeeBranch(actor, topic.id)) return { ok: false, code: 'NOT_FOUND' };
        const branch = await uow.read((db) => findBranch(db, tenantId, topic.id));
        if (!branch) return { ok: false, code: 'NOT_FOUND' };
        return {
          ok: true,
          kind: 'branch',
          snapshot: () => tickets.queueSnapshot(tenantId, branch.id, branch.time_zone),
        };
      }
      case 'counter': {
        const actor = await staff();
        if (!actor) return { ok: false, code: 'AUTH_REQUIRED' };
        const tenantId = actor.tenantId;
        if (!tenantId) return { ok: false, code: 'NOT_FOUND' };
        const counter = await uow.read((db) => findCounter(db, uow.kind, tenantId, topic.id));
        if (!counter || !canSeeBranch(actor, counter.branch_id)) return { ok: false, code: 'NOT_FOUND' };
        return { ok: true, kind: 'counter', snapshot: () => tickets.counterSnapshot(tenantId, counter.id) };
      }
      case 'display': {
        const device = await devices.displayByCode(topic.id);
        if (!device?.isActive) return { ok: false, code: 'NOT_FOUND' };
        if (!device.tenantActive) return { ok: false, code: 'TENANT_INACTIVE' };
        return {
          ok: true,
          kind: 'display',
          display: { tenantId: device.tenantId, branchId: device.branchId, deviceId: device.id },
          snapshot: () =>
            uow.read((db) =>
              buildDisplaySnapshot(db, device.tenantId, device.branchId, device.id, deps.clock.now()),
            ),
        };
      }
      case 'ticket':
        return { ok: true, kind: 'ticket', snapshot: () => tickets.publicGet(topic.id) };
      case 'kiosk': {
        // A kiosk hears when its branch's services change (and reloads them): its code is the key.
        const kiosk = await devices.kioskByCode(topic.id);
        if (!kiosk?.isActive) return { ok: false, code: 'NOT_FOUND' };
        if (!kiosk.tenantActive) return { ok: false, code: 'TENANT_INACTIVE' };
        const snapshot = { branchId: kiosk.branchId };
        return { ok: true, kind: 'kiosk', snapshot: () => Promise.resolve(snapshot) };
      }
    }
  }

  /** A display finished announcing a call of its branch. */
  function acknowledge(display: DisplayBinding, ticketId: string): Promise<void> {
    return tickets.acknowledgeAnnouncement(display.branchId, display.tenantId, ticketId);
  }

  /** A display is connected (subscribed or pinging): its last-seen is written in a batch. */
  function displaySeen(display: DisplayBinding, ip: string): void {
    devices.heartbeats.seen('display', display.tenantId, display.deviceId, ip);
  }

  return { staffFromSession, access, acknowledge, displaySeen };
}

export type LiveService = ReturnType<typeof createLiveService>;

import { newId } from '@antrean/shared/common/ids';
import { STAFF_ROLES, type StaffRole } from '@antrean/shared/auth/roles';
import { isLanguage, type Language } from '@antrean/shared/i18n/lang';
import type { SessionUser } from '@antrean/shared/domain/user';
import type { ServiceDeps } from '../../lib/deps';
import type { StaffActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { burnPasswordCheck, newToken, sha256, verifyPassword } from '../../lib/crypto';
import * as sessions from './session.repository';
import * as staff from './staff.repository';
import * as throttle from './throttle.repository';
import type { LiveBus } from '../../live/bus';
import { endCounterSessionsOf } from '../users/user.repository';
import { announceFreedCounters } from '../users/freed-counters';

/** Failures per username+address before sign-in is paused, and for how long. */
export const THROTTLE = { maxFailures: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 } as const;

export interface LoginInput {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
  /** The token of the session the browser already had: revoked, so sign-in always rotates. */
  previousToken: string | undefined;
}

function toRole(value: string): StaffRole {
  const role = STAFF_ROLES.find((r) => r === value);
  if (!role) throw new Error(`unknown role ${value}`);
  return role;
}

function toLanguage(value: string): Language {
  return isLanguage(value) ? value : 'id';
}

export function createAuthService(deps: ServiceDeps, bus: LiveBus) {
  const { uow } = deps;

  async function assertNotThrottled(key: string, now: number): Promise<void> {
    const row = await uow.read((db) => throttle.getThrottle(db, key));
    if (row?.blocked_until && row.blocked_until > now) {
      const retryAfterSeconds = Math.ceil((row.blocked_until - now) / 1000);
      throw new AppError(
        'AUTH_THROTTLED',
        { retryAfterSeconds },
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  }

  async function recordFailure(key: string, now: number): Promise<void> {
    const row = await uow.read((db) => throttle.getThrottle(db, key));
    const fresh = !row || now - row.window_started_at > THROTTLE.windowMs;
    const failures = fresh ? 1 : row.failures + 1;
    await uow.transaction((db) =>
      throttle.putThrottle(db, {
        key,
        failures,
        windowStartedAt: fresh ? now : row.window_started_at,
        blockedUntil: failures >= THROTTLE.maxFailures ? now + THROTTLE.blockMs : null,
      }),
    );
  }

  async function sessionUser(record: staff.StaffRecord, actingTenantId: string | null): Promise<SessionUser> {
    const role = toRole(record.role);
    let tenantId = record.tenantId;
    let tenantName = record.tenantName;
    if (role === 'superadmin' && actingTenantId) {
      const tenant = await uow.read((db) => staff.findTenantName(db, actingTenantId));
      tenantId = tenant ? actingTenantId : null;
      tenantName = tenant?.name ?? null;
    }
    const ownTenantId = record.tenantId;
    const branchIds =
      ownTenantId && (role === 'operator' || role === 'caller' || role === 'supervisor')
        ? await uow.read((db) => staff.findUserBranchIds(db, ownTenantId, record.id))
        : [];
    return {
      id: record.id,
      username: record.username,
      fullName: record.fullName,
      role,
      tenantId,
      tenantName,
      branchIds,
      language: toLanguage(record.language),
    };
  }

  /**
   * Signs a staff member in. Unknown user and wrong password answer identically (and cost the
   * same time); repeated failures per username+address are paused (429).
   */
  async function login(input: LoginInput): Promise<{ token: string; user: SessionUser; expiresAt: number }> {
    const now = deps.clock.now();
    const username = input.username.trim().toLowerCase();
    const key = `${username}|${input.ip}`;
    await assertNotThrottled(key, now);

    const record = await uow.read((db) => staff.findStaffByUsername(db, username));
    const ok = record
      ? await verifyPassword(record.passwordHash, input.password)
      : (await burnPasswordCheck(input.password), false);
    if (!record || !ok) {
      await recordFailure(key, now);
      throw new AppError('AUTH_INVALID_CREDENTIALS');
    }
    if (!record.tenantActive) throw new AppError('TENANT_INACTIVE');
    if (!record.isActive) throw new AppError('USER_INACTIVE');
    await uow.transaction((db) => throttle.clearThrottle(db, key));

    const previousToken = input.previousToken;
    if (previousToken) {
      const previous = await uow.read((db) => sessions.findSessionByTokenHash(db, sha256(previousToken)));
      if (previous) {
        await uow.transaction((db) => sessions.revokeSession(db, previous.id, now));
        bus.publish({ kind: 'access', scope: 'session', id: previous.id });
      }
    }
    const token = newToken();
    const expiresAt = now + deps.config.sessionTtlMs;
    await uow.transaction((db) =>
      sessions.insertSession(db, {
        id: newId(now),
        tokenHash: sha256(token),
        subjectKind: record.kind,
        subjectId: record.id,
        tenantId: record.tenantId,
        ip: input.ip,
        userAgent: input.userAgent,
        now,
        expiresAt,
      }),
    );
    await uow.transaction((db) => staff.markLogin(db, record, now));
    return { token, user: await sessionUser(record, null), expiresAt };
  }

  /** A platform user, or a tenant's user (none without a tenant). */
  async function findStaff(platform: boolean, tenantId: string | null, userId: string) {
    if (platform) return uow.read((db) => staff.findPlatformUser(db, userId));
    return tenantId ? uow.read((db) => staff.findTenantUser(db, tenantId, userId)) : undefined;
  }

  /** Resolves a session cookie to the staff actor, sliding its expiry; null when invalid. */
  async function resolveStaff(
    token: string,
  ): Promise<{ actor: StaffActor; user: SessionUser; expiresAt: number } | null> {
    const now = deps.clock.now();
    const session = await uow.read((db) => sessions.findSessionByTokenHash(db, sha256(token)));
    if (session?.revoked_at !== null || session.expires_at <= now) return null;
    if (session.subject_kind !== 'staff' && session.subject_kind !== 'platform') return null;
    const record = await findStaff(
      session.subject_kind === 'platform',
      session.tenant_id,
      session.subject_id,
    );
    if (!record?.isActive) return null;
    if (!record.tenantActive) throw new AppError('TENANT_INACTIVE');
    // Slide the expiry at most once a minute to keep reads cheap.
    let expiresAt = session.expires_at;
    if (now - session.last_seen_at > 60_000) {
      expiresAt = now + deps.config.sessionTtlMs;
      await uow.transaction((db) => sessions.touchSession(db, session.id, now, expiresAt));
    }
    const user = await sessionUser(record, session.acting_tenant_id);
    return {
      user,
      expiresAt,
      actor: {
        kind: 'staff',
        sessionId: session.id,
        userId: user.id,
        username: user.username,
        fullName: user.fullName,
        role: user.role,
        tenantId: user.tenantId,
        branchIds: user.branchIds,
        language: user.language,
      },
    };
  }

  /**
   * Ends the session; a caller signing out also leaves their counter (its counter session ends
   * and its screens are told), so the counter is free and the monitor shows nobody there.
   */
  async function logout(token: string): Promise<void> {
    const session = await uow.read((db) => sessions.findSessionByTokenHash(db, sha256(token)));
    if (!session) return;
    const now = deps.clock.now();
    await uow.transaction(async (db, tx) => {
      await sessions.revokeSession(db, session.id, now);
      // Its open live sockets leave their staff topics at once, on every node (decision 65).
      tx.afterCommit(() => bus.publish({ kind: 'access', scope: 'session', id: session.id }));
      const tenantId = session.tenant_id;
      if (session.subject_kind !== 'staff' || tenantId === null) return;
      const freed = await endCounterSessionsOf(db, tenantId, session.subject_id, now);
      tx.afterCommit(() => announceFreedCounters(bus, freed));
    });
  }

  async function me(actor: StaffActor): Promise<SessionUser> {
    const record = await findStaff(actor.role === 'superadmin', actor.tenantId, actor.userId);
    if (!record) throw new AppError('AUTH_REQUIRED');
    return sessionUser(record, actor.role === 'superadmin' ? actor.tenantId : null);
  }

  async function updateLanguage(actor: StaffActor, language: Language): Promise<SessionUser> {
    await uow.transaction((db) =>
      staff.setLanguage(
        db,
        {
          kind: actor.role === 'superadmin' ? 'platform' : 'staff',
          id: actor.userId,
          tenantId: actor.tenantId,
        },
        language,
        deps.clock.now(),
      ),
    );
    return me({ ...actor, language });
  }

  return { login, resolveStaff, logout, me, updateLanguage };
}

export type AuthService = ReturnType<typeof createAuthService>;

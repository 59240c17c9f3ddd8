import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../lib/uow';

/** Who a profile belongs to: a tenant's user, or a platform user (superadmin). */
export type ProfileOwner = { kind: 'staff'; tenantId: string; id: string } | { kind: 'platform'; id: string };

export interface ProfileRow {
  id: string;
  username: string;
  full_name: string;
  phone: string | null;
  avatar_file_id: string | null;
  password_hash: string;
}

export async function findProfile(db: Db, owner: ProfileOwner): Promise<ProfileRow | undefined> {
  if (owner.kind === 'platform') {
    const row = await db
      .selectFrom('platform_users')
      .select(['id', 'username', 'full_name', 'phone', 'password_hash'])
      .where('id', '=', owner.id)
      .executeTakeFirst();
    return row && { ...row, avatar_file_id: null };
  }
  return db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'phone', 'avatar_file_id', 'password_hash'])
    .where('tenant_id', '=', owner.tenantId)
    .where('id', '=', owner.id)
    .executeTakeFirst();
}

export async function updateProfile(
  trx: Transaction<DB>,
  owner: ProfileOwner,
  values: { full_name: string; phone: string | null; avatar_file_id: string | null; updated_at: number },
): Promise<void> {
  if (owner.kind === 'platform') {
    await trx
      .updateTable('platform_users')
      .set({ full_name: values.full_name, phone: values.phone, updated_at: values.updated_at })
      .where('id', '=', owner.id)
      .execute();
    return;
  }
  await trx
    .updateTable('users')
    .set(values)
    .where('tenant_id', '=', owner.tenantId)
    .where('id', '=', owner.id)
    .execute();
}

export async function setPassword(
  trx: Transaction<DB>,
  owner: ProfileOwner,
  passwordHash: string,
  now: number,
): Promise<void> {
  const values = { password_hash: passwordHash, updated_at: now };
  if (owner.kind === 'platform') {
    await trx.updateTable('platform_users').set(values).where('id', '=', owner.id).execute();
    return;
  }
  await trx
    .updateTable('users')
    .set(values)
    .where('tenant_id', '=', owner.tenantId)
    .where('id', '=', owner.id)
    .execute();
}

/** An uploaded photo of the tenant, and who uploaded it. */
export async function findAvatarFile(
  db: Db,
  tenantId: string,
  fileId: string,
): Promise<{ kind: string; created_by: string | null } | undefined> {
  return db
    .selectFrom('files')
    .select(['kind', 'created_by'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Ends the owner's other sessions (a changed password signs out every other device). */
export async function revokeOtherSessions(
  trx: Transaction<DB>,
  owner: ProfileOwner,
  keepSessionId: string,
  now: number,
): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('subject_kind', '=', owner.kind)
    .where('subject_id', '=', owner.id)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

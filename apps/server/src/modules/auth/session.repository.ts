import type { Kysely, Transaction } from 'kysely';
import type { DB, SessionsTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';

type Db = Kysely<DB> | Transaction<DB>;

export type SubjectKind = 'staff' | 'platform' | 'visitor';

export type SessionRow = Pick<
  SessionsTable,
  | 'id'
  | 'token_hash'
  | 'subject_kind'
  | 'subject_id'
  | 'tenant_id'
  | 'acting_tenant_id'
  | 'counter_id'
  | 'expires_at'
  | 'last_seen_at'
  | 'revoked_at'
>;

export async function insertSession(
  db: Db,
  row: {
    id: string;
    tokenHash: string;
    subjectKind: SubjectKind;
    subjectId: string;
    tenantId: string | null;
    ip: string | null;
    userAgent: string | null;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      token_hash: row.tokenHash,
      subject_kind: row.subjectKind,
      subject_id: row.subjectId,
      tenant_id: row.tenantId,
      acting_tenant_id: null,
      counter_id: null,
      ip: row.ip,
      user_agent: row.userAgent,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
      revoked_at: null,
    })
    .execute();
}

const findSessionQuery = preparedQuery<{ tokenHash: string }>()((db, p) =>
  db
    .selectFrom('sessions')
    .select([
      'id',
      'token_hash',
      'subject_kind',
      'subject_id',
      'tenant_id',
      'acting_tenant_id',
      'counter_id',
      'expires_at',
      'last_seen_at',
      'revoked_at',
    ])
    .where('token_hash', '=', p.tokenHash),
);

/** Every staff request resolves its cookie through this: compiled once (db/prepared.ts). */
export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return findSessionQuery.first(db, { tokenHash });
}

export async function touchSession(db: Db, id: string, now: number, expiresAt: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export async function revokeSession(db: Db, id: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

import type { Branch, BranchSummary } from '@antrean/shared/domain/branch';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, tenantOf } from '../../lib/policy';
import { toBranch, toBranchSummary } from './branch.mapper';
import * as repo from './branch.repository';

export function createBranchService(deps: ServiceDeps) {
  const { uow } = deps;

  /** The branches the actor may see: all of the tenant for admins, the assigned ones otherwise. */
  async function list(actor: Actor): Promise<BranchSummary[]> {
    const tenantId = tenantOf(actor);
    let only: readonly string[] | undefined;
    if (actor.kind === 'staff') {
      only = actor.role === 'admin' || actor.role === 'superadmin' ? undefined : actor.branchIds;
    } else if (actor.kind !== 'public') {
      only = [actor.branchId];
    }
    return (await uow.read((db) => repo.listBranches(db, tenantId, only))).map(toBranchSummary);
  }

  async function get(actor: Actor, branchId: string): Promise<Branch> {
    const tenantId = tenantOf(actor);
    assertBranchAccess(actor, branchId);
    const row = await uow.read((db) => repo.findBranch(db, tenantId, branchId));
    if (!row) throw new AppError('NOT_FOUND');
    return toBranch(row);
  }

  return { list, get };
}

export type BranchService = ReturnType<typeof createBranchService>;

import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { newId } from '@antrean/shared/common/ids';
import type {
  BannerListQuery,
  BannerSortField,
  RunningTextListQuery,
  RunningTextSortField,
  VideoListQuery,
  VideoSortField,
} from '@antrean/shared/contracts/signage.contract';
import { containsText, fetchPage, orderForPage, type PageRows } from '../../db/page.repository';
import type { BannersTable, DB, RunningTextsTable, VideosTable } from '../../db/schema';
import type { Db } from '../../lib/uow';

export type ItemKind = 'running_text' | 'banner' | 'video';
export type RunningTextRow = Selectable<RunningTextsTable>;
export type BannerRow = Selectable<BannersTable>;
export type VideoRow = Selectable<VideosTable>;

export interface Targets {
  branchIds: string[];
  displayIds: string[];
}

// ── Targets (which branches and displays show an item) ─────────────────────────────────────

/** The targets of these items, by item id (an item without rows is not in the map). */
export async function targetsOf(
  db: Db,
  tenantId: string,
  kind: ItemKind,
  itemIds: readonly string[],
): Promise<Map<string, Targets>> {
  const out = new Map<string, Targets>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom('content_targets')
    .select(['item_id', 'branch_id', 'display_id'])
    .where('tenant_id', '=', tenantId)
    .where('item_kind', '=', kind)
    .where('item_id', 'in', itemIds)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const targets = out.get(row.item_id) ?? { branchIds: [], displayIds: [] };
    if (row.branch_id) targets.branchIds.push(row.branch_id);
    if (row.display_id) targets.displayIds.push(row.display_id);
    out.set(row.item_id, targets);
  }
  return out;
}

/** Every target row of the tenant's items (the display config picks what is its own). */
export async function allTargets(db: Db, tenantId: string) {
  return db
    .selectFrom('content_targets')
    .select(['item_kind', 'item_id', 'branch_id', 'display_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
}

export async function replaceTargets(
  trx: Transaction<DB>,
  tenantId: string,
  kind: ItemKind,
  itemId: string,
  targets: Targets,
  now: number,
): Promise<void> {
  await deleteTargets(trx, tenantId, kind, itemId);
  const rows = [
    ...targets.branchIds.map((branchId) => ({ branch_id: branchId, display_id: null })),
    ...targets.displayIds.map((displayId) => ({ branch_id: null, display_id: displayId })),
  ].map((target) => ({
    id: newId(now),
    tenant_id: tenantId,
    item_kind: kind,
    item_id: itemId,
    ...target,
    created_at: now,
  }));
  if (rows.length > 0) await trx.insertInto('content_targets').values(rows).execute();
}

export async function deleteTargets(
  trx: Transaction<DB>,
  tenantId: string,
  kind: ItemKind,
  itemId: string,
): Promise<void> {
  await trx
    .deleteFrom('content_targets')
    .where('tenant_id', '=', tenantId)
    .where('item_kind', '=', kind)
    .where('item_id', '=', itemId)
    .execute();
}

/** Of these branch ids, the tenant's. */
export async function tenantBranchIds(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('branches')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Of these display ids, the tenant's. */
export async function tenantDisplayIds(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('displays')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** The tenant's branches and displays, for the targets pickers. */
export async function targetOptions(db: Db, tenantId: string) {
  const [branches, displays] = await Promise.all([
    db
      .selectFrom('branches')
      .select(['id', 'code', 'name', 'is_active'])
      .where('tenant_id', '=', tenantId)
      .orderBy('code')
      .execute(),
    db
      .selectFrom('displays')
      .select(['id', 'code', 'name', 'branch_id', 'is_active'])
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { branches, displays };
}

/** The kind (upload purpose) of a file of the tenant, or undefined when it is not the tenant's. */
export async function fileKind(db: Db, tenantId: string, fileId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('files')
    .select('kind')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row?.kind;
}

/**
 * The codes of the tenant's active displays that show an item with these targets: every one
 * when `targets` is null (an item for all displays), else those of the branches and the displays.
 */
export async function displayCodesFor(db: Db, tenantId: string, targets: Targets | null): Promise<string[]> {
  let select = db
    .selectFrom('displays')
    .select('code')
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1);
  if (targets) {
    const { branchIds, displayIds } = targets;
    if (branchIds.length === 0 && displayIds.length === 0) return [];
    select = select.where((eb) =>
      eb.or([
        ...(branchIds.length > 0 ? [eb('branch_id', 'in', branchIds)] : []),
        ...(displayIds.length > 0 ? [eb('id', 'in', displayIds)] : []),
      ]),
    );
  }
  const rows = await select.orderBy('code').execute();
  return rows.map((r) => r.code);
}

// ── Running texts ──────────────────────────────────────────────────────────────────────────

const RUNNING_TEXT_SORT: Record<RunningTextSortField, string> = {
  sortOrder: 'sort_order',
  content: 'content',
};

export async function listRunningTextPage(
  db: Db,
  tenantId: string,
  query: RunningTextListQuery,
): Promise<PageRows<RunningTextRow>> {
  let select = db.selectFrom('running_texts').selectAll().where('tenant_id', '=', tenantId);
  if (query.q !== undefined) select = select.where(containsText('content', query.q));
  return fetchPage(orderForPage(select, RUNNING_TEXT_SORT[query.sort], query.dir, 'id'), query);
}

export async function findRunningText(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('running_texts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertRunningText(trx: Transaction<DB>, row: Insertable<RunningTextsTable>) {
  await trx.insertInto('running_texts').values(row).execute();
}

export async function updateRunningText(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Updateable<RunningTextsTable>,
) {
  await trx
    .updateTable('running_texts')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteRunningText(trx: Transaction<DB>, tenantId: string, id: string) {
  await trx.deleteFrom('running_texts').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

// ── Banners ────────────────────────────────────────────────────────────────────────────────

const BANNER_SORT: Record<BannerSortField, string> = {
  sortOrder: 'sort_order',
  name: 'name',
  startsOn: 'starts_on',
};

export async function listBannerPage(
  db: Db,
  tenantId: string,
  query: BannerListQuery,
): Promise<PageRows<BannerRow>> {
  let select = db.selectFrom('banners').selectAll().where('tenant_id', '=', tenantId);
  if (query.q !== undefined) select = select.where(containsText('name', query.q));
  return fetchPage(orderForPage(select, BANNER_SORT[query.sort], query.dir, 'id'), query);
}

export async function findBanner(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertBanner(trx: Transaction<DB>, row: Insertable<BannersTable>) {
  await trx.insertInto('banners').values(row).execute();
}

export async function updateBanner(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Updateable<BannersTable>,
) {
  await trx
    .updateTable('banners')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteBanner(trx: Transaction<DB>, tenantId: string, id: string) {
  await trx.deleteFrom('banners').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

// ── Videos ─────────────────────────────────────────────────────────────────────────────────

const VIDEO_SORT: Record<VideoSortField, string> = { sortOrder: 'sort_order', name: 'name' };

export async function listVideoPage(
  db: Db,
  tenantId: string,
  query: VideoListQuery,
): Promise<PageRows<VideoRow>> {
  let select = db.selectFrom('videos').selectAll().where('tenant_id', '=', tenantId);
  if (query.q !== undefined) select = select.where(containsText('name', query.q));
  return fetchPage(orderForPage(select, VIDEO_SORT[query.sort], query.dir, 'id'), query);
}

export async function findVideo(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('videos')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertVideo(trx: Transaction<DB>, row: Insertable<VideosTable>) {
  await trx.insertInto('videos').values(row).execute();
}

export async function updateVideo(
  trx: Transaction<DB>,
  tenantId: string,
  id: string,
  values: Updateable<VideosTable>,
) {
  await trx
    .updateTable('videos')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteVideo(trx: Transaction<DB>, tenantId: string, id: string) {
  await trx.deleteFrom('videos').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

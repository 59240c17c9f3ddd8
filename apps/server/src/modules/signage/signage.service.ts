import type { Transaction } from 'kysely';
import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type {
  BannerList,
  BannerListQuery,
  RunningTextList,
  RunningTextListQuery,
  TargetOptions,
  VideoList,
  VideoListQuery,
} from '@antrean/shared/contracts/signage.contract';
import type {
  Banner,
  BannerInput,
  RunningText,
  RunningTextInput,
  Video,
  VideoInput,
} from '@antrean/shared/domain/signage';
import { RUNNING_TEXT_SPEEDS, type RunningTextSpeed } from '@antrean/shared/domain/running-text-speed';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { fromFlag } from '../../lib/flags';
import { requireTenantStaff } from '../../lib/policy';
import type { Db } from '../../lib/uow';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import * as repo from './signage.repository';

const NO_TARGETS: repo.Targets = { branchIds: [], displayIds: [] };

const speedOf = (value: string): RunningTextSpeed => RUNNING_TEXT_SPEEDS.find((s) => s === value) ?? 'normal';

function toRunningText(row: repo.RunningTextRow, targets: repo.Targets): RunningText {
  return {
    id: row.id,
    content: row.content,
    isActive: fromFlag(row.is_active),
    speed: speedOf(row.speed),
    sortOrder: row.sort_order,
    ...targets,
  };
}

function toBanner(row: repo.BannerRow, targets: repo.Targets): Banner {
  return {
    id: row.id,
    name: row.name,
    fileId: row.file_id,
    isActive: fromFlag(row.is_active),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    durationSeconds: row.duration_seconds,
    sortOrder: row.sort_order,
    ...targets,
  };
}

function toVideo(row: repo.VideoRow, targets: repo.Targets): Video {
  return {
    id: row.id,
    name: row.name,
    fileId: row.file_id,
    description: row.description,
    isActive: fromFlag(row.is_active),
    sortOrder: row.sort_order,
    ...targets,
  };
}

/** One kind of item: its table through the repository, its mapping and its own checks. */
interface Kind<Input extends repo.Targets, Item extends { id: string }, Row extends { id: string }> {
  kind: repo.ItemKind;
  find(db: Db, tenantId: string, id: string): Promise<Row | undefined>;
  insert(trx: Transaction<DB>, tenantId: string, id: string, input: Input, now: number): Promise<void>;
  update(trx: Transaction<DB>, tenantId: string, id: string, input: Input, now: number): Promise<void>;
  remove(trx: Transaction<DB>, tenantId: string, id: string): Promise<void>;
  toItem(row: Row, targets: repo.Targets): Item;
  /** The item's file must be the tenant's upload of this purpose (`v.enum` on `fileId` otherwise). */
  filePurpose?: 'banner' | 'video';
  fileIdOf?(input: Input): string | null;
}

/**
 * Running texts, banners and videos (`/dashboard/parameter/{rt,banner,video}`): the admin page
 * pattern (admin of the tenant or a superadmin acting in it, another tenant's id is NOT_FOUND,
 * one transaction per change with its audit entry). Targets are checked to be the tenant's
 * branches and displays. After commit, `media.updated` goes to the topic of every active display
 * that showed or now shows the item: its screens read their config again (decision 71).
 */
export function createSignageService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function checkTargets(trx: Db, tenantId: string, input: repo.Targets): Promise<void> {
    const [branches, displays] = await Promise.all([
      repo.tenantBranchIds(trx, tenantId, input.branchIds),
      repo.tenantDisplayIds(trx, tenantId, input.displayIds),
    ]);
    if (input.branchIds.some((id) => !branches.includes(id))) {
      throw new AppError('VALIDATION_FAILED', { fields: { branchIds: 'v.enum' } });
    }
    if (input.displayIds.some((id) => !displays.includes(id))) {
      throw new AppError('VALIDATION_FAILED', { fields: { displayIds: 'v.enum' } });
    }
  }

  const uniq = (ids: readonly string[]) => [...new Set(ids)];
  const clean = <T extends repo.Targets>(input: T): T => ({
    ...input,
    branchIds: uniq(input.branchIds),
    displayIds: uniq(input.displayIds),
  });
  const isEverywhere = (t: repo.Targets) => t.branchIds.length === 0 && t.displayIds.length === 0;

  /** Tells the displays that showed (`before`) or now show (`after`) an item of `kind`. */
  async function tell(tenantId: string, kind: repo.ItemKind, ...sets: repo.Targets[]): Promise<void> {
    const all = sets.some(isEverywhere);
    const union = {
      branchIds: uniq(sets.flatMap((s) => s.branchIds)),
      displayIds: uniq(sets.flatMap((s) => s.displayIds)),
    };
    const codes = await uow.read((db) => repo.displayCodesFor(db, tenantId, all ? null : union));
    for (const code of codes) {
      bus.publish({ kind: 'topic', topic: `display:${code}`, type: 'media.updated', data: { kind } });
    }
  }

  function crud<
    Input extends repo.Targets,
    Item extends { id: string } & repo.Targets,
    Row extends { id: string },
    Query extends { page: number; pageSize: number },
  >(
    k: Kind<Input, Item, Row>,
    listPage: (db: Db, tenantId: string, query: Query) => Promise<{ rows: Row[]; total: number }>,
  ) {
    async function check(trx: Db, tenantId: string, input: Input): Promise<void> {
      await checkTargets(trx, tenantId, input);
      const fileId = k.fileIdOf?.(input);
      if (k.filePurpose && fileId) {
        if ((await repo.fileKind(trx, tenantId, fileId)) !== k.filePurpose) {
          throw new AppError('VALIDATION_FAILED', { fields: { fileId: 'v.enum' } });
        }
      }
    }

    async function load(db: Db, tenantId: string, id: string): Promise<Item> {
      const row = await k.find(db, tenantId, id);
      if (!row) throw new AppError('NOT_FOUND');
      const targets = await repo.targetsOf(db, tenantId, k.kind, [id]);
      return k.toItem(row, targets.get(id) ?? NO_TARGETS);
    }

    async function list(actor: Actor, query: Query) {
      const tenantId = adminTenant(actor);
      return uow.read(async (db) => {
        const page = await listPage(db, tenantId, query);
        const targets = await repo.targetsOf(
          db,
          tenantId,
          k.kind,
          page.rows.map((r) => r.id),
        );
        return {
          items: page.rows.map((row) => k.toItem(row, targets.get(row.id) ?? NO_TARGETS)),
          total: page.total,
          page: query.page,
          pageSize: query.pageSize,
        };
      });
    }

    async function create(actor: Actor, raw: Input): Promise<Item> {
      const tenantId = adminTenant(actor);
      const input = clean(raw);
      const created = await uow.transaction(async (trx) => {
        await check(trx, tenantId, input);
        const now = clock.now();
        const id = newId(now);
        await k.insert(trx, tenantId, id, input, now);
        await repo.replaceTargets(trx, tenantId, k.kind, id, input, now);
        const item = await load(trx, tenantId, id);
        await audit.record(trx, actor, {
          action: `${k.kind}.create`,
          entityType: k.kind,
          entityId: id,
          tenantId,
          before: null,
          after: item,
        });
        return item;
      });
      await tell(tenantId, k.kind, created);
      return created;
    }

    async function update(actor: Actor, id: string, raw: Input): Promise<Item> {
      const tenantId = adminTenant(actor);
      const input = clean(raw);
      const saved = await uow.transaction(async (trx) => {
        const before = await load(trx, tenantId, id);
        await check(trx, tenantId, input);
        const now = clock.now();
        await k.update(trx, tenantId, id, input, now);
        await repo.replaceTargets(trx, tenantId, k.kind, id, input, now);
        const after = await load(trx, tenantId, id);
        if (JSON.stringify(after) === JSON.stringify(before)) return { before, after, changed: false };
        await audit.record(trx, actor, {
          action: `${k.kind}.update`,
          entityType: k.kind,
          entityId: id,
          tenantId,
          before,
          after,
        });
        return { before, after, changed: true };
      });
      if (saved.changed) await tell(tenantId, k.kind, saved.before, saved.after);
      return saved.after;
    }

    async function remove(actor: Actor, id: string): Promise<void> {
      const tenantId = adminTenant(actor);
      const removed = await uow.transaction(async (trx) => {
        const before = await load(trx, tenantId, id);
        await repo.deleteTargets(trx, tenantId, k.kind, id);
        await k.remove(trx, tenantId, id);
        await audit.record(trx, actor, {
          action: `${k.kind}.delete`,
          entityType: k.kind,
          entityId: id,
          tenantId,
          before,
          after: null,
        });
        return before;
      });
      await tell(tenantId, k.kind, removed);
    }

    return { list, create, update, remove };
  }

  /** The columns an admin's input sets, written the same way on insert and on update. */
  const runningTextColumns = (input: RunningTextInput) => ({
    content: input.content,
    speed: input.speed,
    sort_order: input.sortOrder,
    is_active: input.isActive ? 1 : 0,
  });
  const bannerColumns = (input: BannerInput) => ({
    name: input.name,
    file_id: input.fileId,
    starts_on: input.startsOn,
    ends_on: input.endsOn,
    duration_seconds: input.durationSeconds,
    sort_order: input.sortOrder,
    is_active: input.isActive ? 1 : 0,
  });
  const videoColumns = (input: VideoInput) => ({
    name: input.name,
    file_id: input.fileId,
    description: input.description,
    sort_order: input.sortOrder,
    is_active: input.isActive ? 1 : 0,
  });
  const created = (tenantId: string, id: string, now: number) => ({
    id,
    tenant_id: tenantId,
    branch_id: null,
    created_at: now,
    updated_at: now,
  });

  const runningTexts = crud<RunningTextInput, RunningText, repo.RunningTextRow, RunningTextListQuery>(
    {
      kind: 'running_text',
      find: repo.findRunningText,
      insert: (trx, tenantId, id, input, now) =>
        repo.insertRunningText(trx, { ...created(tenantId, id, now), ...runningTextColumns(input) }),
      update: (trx, tenantId, id, input, now) =>
        repo.updateRunningText(trx, tenantId, id, { ...runningTextColumns(input), updated_at: now }),
      remove: repo.deleteRunningText,
      toItem: toRunningText,
    },
    repo.listRunningTextPage,
  );

  const banners = crud<BannerInput, Banner, repo.BannerRow, BannerListQuery>(
    {
      kind: 'banner',
      find: repo.findBanner,
      filePurpose: 'banner',
      fileIdOf: (input) => input.fileId,
      insert: (trx, tenantId, id, input, now) =>
        repo.insertBanner(trx, { ...created(tenantId, id, now), ...bannerColumns(input) }),
      update: (trx, tenantId, id, input, now) =>
        repo.updateBanner(trx, tenantId, id, { ...bannerColumns(input), updated_at: now }),
      remove: repo.deleteBanner,
      toItem: toBanner,
    },
    repo.listBannerPage,
  );

  const videos = crud<VideoInput, Video, repo.VideoRow, VideoListQuery>(
    {
      kind: 'video',
      find: repo.findVideo,
      filePurpose: 'video',
      fileIdOf: (input) => input.fileId,
      insert: (trx, tenantId, id, input, now) =>
        repo.insertVideo(trx, { ...created(tenantId, id, now), ...videoColumns(input), url: null }),
      update: (trx, tenantId, id, input, now) =>
        repo.updateVideo(trx, tenantId, id, { ...videoColumns(input), updated_at: now }),
      remove: repo.deleteVideo,
      toItem: toVideo,
    },
    repo.listVideoPage,
  );

  /** The branches and displays an item can target (the form's pickers). */
  async function targets(actor: Actor): Promise<TargetOptions> {
    const tenantId = adminTenant(actor);
    const options = await uow.read((db) => repo.targetOptions(db, tenantId));
    return {
      branches: options.branches.map((b) => ({
        id: b.id,
        code: b.code,
        name: b.name,
        isActive: fromFlag(b.is_active),
      })),
      displays: options.displays.map((d) => ({
        id: d.id,
        code: d.code,
        name: d.name,
        branchId: d.branch_id,
        isActive: fromFlag(d.is_active),
      })),
    };
  }

  return {
    targets,
    listRunningTexts: (actor: Actor, query: RunningTextListQuery): Promise<RunningTextList> =>
      runningTexts.list(actor, query),
    createRunningText: runningTexts.create,
    updateRunningText: runningTexts.update,
    removeRunningText: runningTexts.remove,
    listBanners: (actor: Actor, query: BannerListQuery): Promise<BannerList> => banners.list(actor, query),
    createBanner: banners.create,
    updateBanner: banners.update,
    removeBanner: banners.remove,
    listVideos: (actor: Actor, query: VideoListQuery): Promise<VideoList> => videos.list(actor, query),
    createVideo: videos.create,
    updateVideo: videos.update,
    removeVideo: videos.remove,
  };
}

export type SignageService = ReturnType<typeof createSignageService>;

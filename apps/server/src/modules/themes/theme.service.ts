import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type { ThemeList, ThemeListQuery } from '@antrean/shared/contracts/themes.contract';
import { THEME_FONTS, type ThemeInput, type ThemeTemplate } from '@antrean/shared/domain/theme-template';
import { THEME_LABEL_KEYS, type ThemeLabels } from '@antrean/shared/domain/theme-labels';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { LiveBus } from '../../live/bus';
import type { Audit } from '../audit/audit.service';
import { parseThemeLabels } from '../catalog/catalog.mapper';
import * as repo from './theme.repository';

const ENTITY = 'theme';

function font(value: string): (typeof THEME_FONTS)[number] {
  return THEME_FONTS.find((f) => f === value) ?? THEME_FONTS[0];
}

/** The labels as stored: only the listed keys with a text, blank texts left out. */
function storedLabels(labels: ThemeLabels): ThemeLabels {
  const out: ThemeLabels = {};
  for (const key of THEME_LABEL_KEYS) {
    const id = labels[key]?.id?.trim() ?? '';
    const en = labels[key]?.en?.trim() ?? '';
    if (id || en) out[key] = { id, en };
  }
  return out;
}

/** The stored labels read back for the form: every text present ('' when blank). */
function readLabels(json: string): ThemeTemplate['labels'] {
  const stored = parseThemeLabels(json);
  const out: ThemeTemplate['labels'] = {};
  for (const key of THEME_LABEL_KEYS) {
    const label = stored[key];
    if (label) out[key] = { id: label.id ?? '', en: label.en ?? '' };
  }
  return out;
}

function toTemplate(row: repo.ThemeRow, activeId: string | null): ThemeTemplate {
  return {
    id: row.id,
    name: row.name,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    sidebarBackground: row.sidebar_background,
    pageBackground: row.page_background,
    displayBackground: row.display_background,
    displayTextColor: row.display_text_color,
    fontFamily: font(row.font_family),
    headingFontFamily: font(row.heading_font_family),
    logoFileId: row.logo_file_id,
    faviconFileId: row.favicon_file_id,
    backgroundFileId: row.background_file_id,
    labels: readLabels(row.labels_json),
    isActive: row.id === activeId,
  };
}

function columns(body: ThemeInput) {
  return {
    name: body.name,
    primary_color: body.primaryColor.toLowerCase(),
    secondary_color: body.secondaryColor.toLowerCase(),
    sidebar_background: body.sidebarBackground.toLowerCase(),
    page_background: body.pageBackground.toLowerCase(),
    display_background: body.displayBackground.toLowerCase(),
    display_text_color: body.displayTextColor.toLowerCase(),
    font_family: body.fontFamily,
    heading_font_family: body.headingFontFamily,
    logo_file_id: body.logoFileId,
    favicon_file_id: body.faviconFileId,
    background_file_id: body.backgroundFileId,
    labels_json: JSON.stringify(storedLabels(body.labels)),
  };
}

/**
 * Theme templates (`/dashboard/tema`). Choosing the active theme, or saving the active one,
 * publishes `theme.updated` on the topic of every active kiosk and display of the tenant after
 * commit: their screens read their config again and show it without a reload (§60).
 */
export function createThemeService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function tellScreens(tenantId: string, themeId: string | null): Promise<void> {
    const codes = await uow.read((db) => repo.deviceCodes(db, tenantId));
    for (const code of codes.displays) {
      bus.publish({ kind: 'topic', topic: `display:${code}`, type: 'theme.updated', data: { themeId } });
    }
    for (const code of codes.kiosks) {
      bus.publish({ kind: 'topic', topic: `kiosk:${code}`, type: 'theme.updated', data: { themeId } });
    }
  }

  async function list(actor: Actor, query: ThemeListQuery): Promise<ThemeList> {
    const tenantId = adminTenant(actor);
    return uow.read(async (db) => {
      const [page, activeId] = await Promise.all([
        repo.listThemePage(db, tenantId, query),
        repo.activeThemeId(db, tenantId),
      ]);
      return {
        items: page.rows.map((row) => toTemplate(row, activeId)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    });
  }

  async function check(trx: Transaction<DB>, tenantId: string, body: ThemeInput, exceptId: string | null) {
    if (await repo.nameTaken(trx, tenantId, body.name, exceptId)) {
      throw new AppError('THEME_NAME_TAKEN', { fields: { name: 'THEME_NAME_TAKEN' } });
    }
    const images = {
      logoFileId: body.logoFileId,
      faviconFileId: body.faviconFileId,
      backgroundFileId: body.backgroundFileId,
    };
    const files = Object.values(images).filter((id): id is string => id !== null);
    const owned = await repo.tenantFileIds(trx, tenantId, files);
    for (const [field, id] of Object.entries(images)) {
      if (id && !owned.includes(id)) {
        throw new AppError('VALIDATION_FAILED', { fields: { [field]: 'v.enum' } });
      }
    }
  }

  async function create(actor: Actor, body: ThemeInput): Promise<ThemeTemplate> {
    const tenantId = adminTenant(actor);
    return uow.transaction(async (trx) => {
      await check(trx, tenantId, body, null);
      const now = clock.now();
      const row: repo.ThemeRow = {
        id: newId(now),
        tenant_id: tenantId,
        ...columns(body),
        created_at: now,
        updated_at: now,
      };
      await repo.insertTheme(trx, row);
      const created = toTemplate(row, await repo.activeThemeId(trx, tenantId));
      await audit.record(trx, actor, {
        action: 'theme.create',
        entityType: ENTITY,
        entityId: row.id,
        tenantId,
        before: null,
        after: created,
      });
      return created;
    });
  }

  async function update(actor: Actor, themeId: string, body: ThemeInput): Promise<ThemeTemplate> {
    const tenantId = adminTenant(actor);
    const saved = await uow.transaction(async (trx) => {
      const row = await repo.findTheme(trx, tenantId, themeId);
      if (!row) throw new AppError('NOT_FOUND');
      const activeId = await repo.activeThemeId(trx, tenantId);
      const before = toTemplate(row, activeId);
      await check(trx, tenantId, body, themeId);
      const after = toTemplate({ ...row, ...columns(body) }, activeId);
      if (JSON.stringify(after) === JSON.stringify(before)) return { after, changed: false };
      await repo.updateTheme(trx, tenantId, themeId, { ...columns(body), updated_at: clock.now() });
      await audit.record(trx, actor, {
        action: 'theme.update',
        entityType: ENTITY,
        entityId: themeId,
        tenantId,
        before,
        after,
      });
      return { after, changed: true };
    });
    if (saved.changed && saved.after.isActive) await tellScreens(tenantId, themeId);
    return saved.after;
  }

  async function remove(actor: Actor, themeId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx) => {
      const row = await repo.findTheme(trx, tenantId, themeId);
      if (!row) throw new AppError('NOT_FOUND');
      const activeId = await repo.activeThemeId(trx, tenantId);
      if (activeId === themeId) throw new AppError('THEME_IN_USE');
      await repo.deleteTheme(trx, tenantId, themeId);
      await audit.record(trx, actor, {
        action: 'theme.delete',
        entityType: ENTITY,
        entityId: themeId,
        tenantId,
        before: toTemplate(row, activeId),
        after: null,
      });
    });
  }

  /** Chooses the active theme (null: the product's own look); the screens follow at once. */
  async function activate(actor: Actor, themeId: string | null): Promise<{ themeId: string | null }> {
    const tenantId = adminTenant(actor);
    const changed = await uow.transaction(async (trx) => {
      if (themeId !== null && !(await repo.findTheme(trx, tenantId, themeId))) {
        throw new AppError('NOT_FOUND');
      }
      const before = await repo.activeThemeId(trx, tenantId);
      if (before === themeId) return false;
      await repo.setActiveTheme(trx, tenantId, themeId, clock.now());
      await audit.record(trx, actor, {
        action: 'theme.activate',
        entityType: 'tenant_settings',
        entityId: tenantId,
        tenantId,
        before: { activeThemeId: before },
        after: { activeThemeId: themeId },
      });
      return true;
    });
    if (changed) await tellScreens(tenantId, themeId);
    return { themeId };
  }

  return { list, create, update, remove, activate };
}

export type ThemeService = ReturnType<typeof createThemeService>;

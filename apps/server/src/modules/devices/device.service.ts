import { localDate } from '@antrean/shared/common/time';
import {
  type DisplayConfig,
  type KioskConfig,
  type OnSiteConfig,
  VOICE_MODES,
} from '@antrean/shared/contracts/devices.contract';
import { DEFAULT_THEME } from '@antrean/shared/domain/theme';
import type { Actor, DeviceActor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { fromFlag } from '../../lib/flags';
import * as catalog from '../catalog/catalog.repository';
import { toBranchService, toTheme } from '../catalog/catalog.mapper';
import { serviceAvailability } from './availability';
import { findDeviceByCode } from './device-auth.repository';
import { DeviceHeartbeats } from './heartbeats';
import type { Db } from '../../lib/uow';
import { findTenantName } from '../auth/staff.repository';
import { findBranch } from '../branches/branch.repository';
import { countWaitingByService } from '../branches/branch-board.repository';
import { findTenantSettings } from '../tenants/tenant.repository';
import * as repo from './device.repository';
import { allTargets } from '../signage/signage.repository';
import { displaySignage } from './display-signage';
import { findOnSiteBranch } from './public-branch.repository';

const LAYOUTS = ['classic', 'modern', 'big', 'pos'] as const;

/** The branch as the device apps see it (kiosk, display, on-site page). */
function deviceBranch(branch: {
  id: string;
  code: string;
  name: string;
  time_zone: string;
  whatsapp_virtual_ticket: number;
}): KioskConfig['branch'] {
  return {
    id: branch.id,
    code: branch.code,
    name: branch.name,
    timeZone: branch.time_zone,
    whatsappVirtualTicket: fromFlag(branch.whatsapp_virtual_ticket),
  };
}

function requireDevice(actor: Actor, kind: 'kiosk' | 'display'): DeviceActor {
  if (actor.kind !== kind) throw new AppError('FORBIDDEN');
  return actor;
}

export function createDeviceService(deps: ServiceDeps) {
  const { uow } = deps;
  /** Last-seen times of displays and kiosks, written in batches (flushed by the app's onClose). */
  const heartbeats = new DeviceHeartbeats(uow, deps.clock, {
    onError: (error) => deps.logger?.warn({ err: error }, 'device heartbeat flush failed'),
  });

  async function branchAndTheme(db: Db, tenantId: string, branchId: string) {
    const [branch, tenant, themeRow, settings] = await Promise.all([
      findBranch(db, tenantId, branchId),
      findTenantName(db, tenantId),
      catalog.findActiveTheme(db, tenantId),
      findTenantSettings(db, tenantId),
    ]);
    if (!branch || !tenant) throw new AppError('NOT_FOUND');
    return {
      branch,
      tenantName: tenant.name,
      theme: themeRow ? toTheme(themeRow) : { ...DEFAULT_THEME, tenantName: tenant.name },
      idleSeconds: settings?.kiosk_idle_seconds ?? 30,
    };
  }

  /** Everything a kiosk screen needs: services shown on kiosk with their live availability. */
  async function kioskConfig(actor: Actor): Promise<KioskConfig> {
    const kiosk = requireDevice(actor, 'kiosk');
    const { branch, tenantName, theme, idleSeconds, row, services } = await uow.read(async (db) => {
      const [about, kioskRow, chosen] = await Promise.all([
        branchAndTheme(db, kiosk.tenantId, kiosk.branchId),
        repo.findKiosk(db, kiosk.tenantId, kiosk.deviceId),
        repo.listKioskServiceIds(db, kiosk.tenantId, kiosk.deviceId),
      ]);
      // The services the admin chose for this kiosk; none chosen: all the branch shows on kiosks.
      const offered = await servicesWithAvailability(db, kiosk.tenantId, about.branch, 'kiosk');
      return {
        ...about,
        row: kioskRow,
        services: chosen.length === 0 ? offered : offered.filter((s) => chosen.includes(s.id)),
      };
    });
    return {
      kiosk: { id: row.id, name: row.name, code: row.code, paperWidthMm: row.paper_width_mm },
      branch: deviceBranch(branch),
      tenantName,
      theme,
      idleSeconds,
      services,
    };
  }

  /** The services a branch shows on a channel, each with its live availability and waiting count. */
  async function servicesWithAvailability(
    db: Db,
    tenantId: string,
    branch: { id: string; time_zone: string },
    channel: 'kiosk' | 'web',
  ) {
    const now = deps.clock.now();
    const services = (await catalog.listBranchServices(db, tenantId, branch.id)).filter(
      (s) =>
        s.is_active === 1 &&
        s.type !== 'booking' &&
        (channel === 'kiosk' ? s.show_on_kiosk === 1 : s.show_on_web === 1),
    );
    const subs = await catalog.listSubServices(
      db,
      tenantId,
      services.map((s) => s.id),
    );
    const day = localDate(now, branch.time_zone);
    const waiting = await countWaitingByService(db, tenantId, branch.id, day);
    return Promise.all(
      services.map(async (s) => {
        const mapped = toBranchService(s, subs);
        return {
          ...mapped,
          subServices: mapped.subServices.filter((sub) => sub.isActive),
          availability: await serviceAvailability(db, {
            tenantId,
            branchId: branch.id,
            serviceId: s.id,
            timeZone: branch.time_zone,
            now,
          }),
          waiting: waiting.get(s.id) ?? 0,
        };
      }),
    );
  }

  /**
   * The QR-poster page of a branch: public, only what the branch shows on the web. `branchRef`: the
   * branch's id or its code, any case (see findOnSiteBranch).
   */
  async function onSite(branchRef: string): Promise<OnSiteConfig> {
    return uow.read(async (db) => {
      const row = await findOnSiteBranch(db, branchRef);
      if (!row?.showOnWeb) throw new AppError('NOT_FOUND');
      if (!row.tenantActive) throw new AppError('TENANT_INACTIVE');
      const { branch, tenantName, theme } = await branchAndTheme(db, row.tenantId, row.id);
      return {
        branch: deviceBranch(branch),
        tenantName,
        theme,
        services: await servicesWithAvailability(db, row.tenantId, branch, 'web'),
      };
    });
  }

  /** Queues the kiosk's last-seen (written within seconds, in a batch: see DeviceHeartbeats). */
  async function kioskHeartbeat(actor: Actor, ip: string): Promise<void> {
    const kiosk = requireDevice(actor, 'kiosk');
    heartbeats.seen('kiosk', kiosk.tenantId, kiosk.deviceId, ip);
  }

  /** Layout, voice mode, media and boards of a display; live queue state comes over the WebSocket. */
  async function displayConfig(actor: Actor): Promise<DisplayConfig> {
    const display = requireDevice(actor, 'display');
    const t = display.tenantId;
    const [{ branch, tenantName, theme }, row, { voices, texts, banners, videos }, serviceIds, targets] =
      await uow.read((db) =>
        Promise.all([
          branchAndTheme(db, t, display.branchId),
          repo.findDisplay(db, t, display.deviceId),
          repo.readDisplayContent(db, t),
          repo.listDisplayServiceIds(db, t, display.deviceId),
          allTargets(db, t),
        ]),
      );
    const voice =
      voices.find((v) => v.branch_id === display.branchId) ?? voices.find((v) => v.branch_id === null);
    const mode = VOICE_MODES.find((m) => m === (row.voice_mode ?? voice?.mode)) ?? 'voice_id';
    return {
      display: {
        id: row.id,
        name: row.name,
        code: row.code,
        layout: LAYOUTS.find((l) => l === row.layout) ?? 'classic',
        counterId: row.counter_id,
        serviceIds,
      },
      branch: deviceBranch(branch),
      tenantName,
      theme,
      voice: {
        mode,
        rate: voice?.rate ?? 1,
        pitch: voice?.pitch ?? 1,
        volume: voice?.volume ?? 1,
        voiceNameId: voice?.voice_name_id ?? null,
        voiceNameEn: voice?.voice_name_en ?? null,
        repeat: voice?.repeat_count ?? 1,
      },
      ...displaySignage(
        {
          branchId: display.branchId,
          displayId: display.deviceId,
          today: localDate(deps.clock.now(), branch.time_zone),
        },
        { texts, banners, videos, targets },
      ),
    };
  }

  /** A display by its code (for the live `display:<code>` topic), active or not. */
  function displayByCode(code: string) {
    return uow.read((db) => findDeviceByCode(db, 'display', code));
  }

  /** A kiosk by its code (for the live `kiosk:<code>` topic), active or not. */
  function kioskByCode(code: string) {
    return uow.read((db) => findDeviceByCode(db, 'kiosk', code));
  }

  return { kioskConfig, kioskHeartbeat, displayConfig, onSite, displayByCode, kioskByCode, heartbeats };
}

export type DeviceService = ReturnType<typeof createDeviceService>;

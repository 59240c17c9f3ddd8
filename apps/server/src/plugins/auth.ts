import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '@antrean/shared/auth/permissions';
import { pickLanguage } from '@antrean/shared/i18n/lang';
import { AppError } from '../lib/errors';
import type { RouteAuth } from '../lib/route';
import { safeEqual, sha256 } from '../lib/crypto';
import type { Deps } from '../lib/deps';
import type { AuthService } from '../modules/auth/auth.service';
import { findBranchApiKey, findDeviceByCode } from '../modules/devices/device-auth.repository';

export const SESSION_COOKIE = 'antrean_session';

/** Branch API keys look like `ak_<branchId>_<secret>`: the branch is found by id, the secret by hash. */
function parseApiKey(key: string): { branchId: string } | undefined {
  const match = /^ak_([0-9a-f-]{36})_[A-Za-z0-9_-]{20,}$/.exec(key);
  return match?.[1] ? { branchId: match[1] } : undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * Resolves who is calling, as each route declares (route config `auth`), before validation:
 * 401 when no accepted credential is present, 403 when the staff role lacks the permission.
 */
export function installAuth(app: FastifyInstance, deps: Deps, auth: AuthService): void {
  // Fastify 5 refuses object decorations; the hook below sets the actor before any handler runs.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- placeholder only
  app.decorateRequest('actor', null as never);
  app.decorateRequest('lang', 'id');

  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
    request.actor = { kind: 'public' };
    const spec: RouteAuth | undefined = request.routeOptions.config.auth;
    if (spec === undefined || spec === 'public') return;

    let staffForbidden = false;
    if (spec.staff) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const resolved = await auth.resolveStaff(token);
        if (resolved) {
          request.lang = request.headers['accept-language'] ? request.lang : resolved.actor.language;
          if (spec.staff === 'any' || can(resolved.actor.role, spec.staff)) {
            request.actor = resolved.actor;
            return;
          }
          staffForbidden = true;
        }
      }
    }
    for (const kind of ['kiosk', 'display'] as const) {
      const code = spec[kind] ? header(request, `x-${kind}-code`) : undefined;
      if (!code) continue;
      const device = await findDeviceByCode(deps.database.db, kind, code);
      if (device?.isActive) {
        if (!device.tenantActive) throw new AppError('TENANT_INACTIVE');
        request.actor = {
          kind,
          tenantId: device.tenantId,
          branchId: device.branchId,
          deviceId: device.id,
          code: device.code,
        };
        return;
      }
    }
    const apiKey = spec.apiKey ? header(request, 'x-api-key') : undefined;
    if (apiKey) {
      const parsed = parseApiKey(apiKey);
      const branch = parsed ? await findBranchApiKey(deps.database.db, parsed.branchId) : undefined;
      if (branch?.api_key_hash && branch.is_active === 1 && safeEqual(branch.api_key_hash, sha256(apiKey))) {
        if (branch.tenant_active !== 1) throw new AppError('TENANT_INACTIVE');
        request.actor = { kind: 'apiKey', tenantId: branch.tenant_id, branchId: branch.id };
        return;
      }
    }
    throw new AppError(staffForbidden ? 'FORBIDDEN' : 'AUTH_REQUIRED');
  });
}

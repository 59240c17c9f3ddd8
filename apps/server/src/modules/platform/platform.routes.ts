import type { FastifyInstance } from 'fastify';
import { IMAGE_RULES } from '@antrean/shared/contracts/files.contract';
import {
  actingContract,
  applicationsContract,
  tenantCategoriesContract,
  tenantsContract,
} from '@antrean/shared/contracts/platform.contract';
import { AppError } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import { IMMUTABLE, sendFile } from '../files/file.http';
import type { ActingService } from './acting.service';
import type { PlatformCatalogService } from './catalog.service';
import type { TenantAdminService } from './tenant-admin.service';

/** The superadmin's platform pages: tenant categories, tenants, applications. */
export function platformRoutes(
  app: FastifyInstance,
  catalog: PlatformCatalogService,
  tenants: TenantAdminService,
  acting: ActingService,
): void {
  const auth = { staff: 'platform.manage' } as const;

  defineRoute(app, actingContract.start, { auth }, async ({ actor, body }) => ({
    user: await acting.start(actor, body.tenantId),
  }));
  defineRoute(app, actingContract.stop, { auth }, async ({ actor }) => ({ user: await acting.stop(actor) }));

  const cat = tenantCategoriesContract;
  defineRoute(app, cat.list, { auth }, ({ actor, query }) => catalog.listCategories(actor, query));
  defineRoute(app, cat.create, { auth }, ({ actor, body }) => catalog.createCategory(actor, body));
  defineRoute(app, cat.update, { auth }, ({ actor, params, body }) =>
    catalog.updateCategory(actor, params.categoryId, body),
  );
  defineRoute(app, cat.remove, { auth }, async ({ actor, params }) => {
    await catalog.removeCategory(actor, params.categoryId);
    return null;
  });

  const apps = applicationsContract;
  defineRoute(app, apps.list, { auth }, ({ actor, query }) => catalog.listApplications(actor, query));
  defineRoute(app, apps.create, { auth }, ({ actor, body }) => catalog.createApplication(actor, body));
  defineRoute(app, apps.update, { auth }, ({ actor, params, body }) =>
    catalog.updateApplication(actor, params.applicationId, body),
  );
  defineRoute(app, apps.remove, { auth }, async ({ actor, params }) => {
    await catalog.removeApplication(actor, params.applicationId);
    return null;
  });

  const ten = tenantsContract;
  defineRoute(app, ten.list, { auth }, ({ actor, query }) => tenants.list(actor, query));
  defineRoute(app, ten.get, { auth }, ({ actor, params }) => tenants.get(actor, params.tenantId));
  defineRoute(app, ten.create, { auth }, ({ actor, body }) => tenants.create(actor, body));
  defineRoute(app, ten.update, { auth }, ({ actor, params, body }) =>
    tenants.update(actor, params.tenantId, body),
  );
  defineRoute(app, ten.uploadLogo, { auth, rateLimitPerMinute: 30 }, async ({ actor, params, request }) => {
    await tenants.assertLogoTarget(actor, params.tenantId);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const part = await request.file({ limits: { fileSize: IMAGE_RULES.logo.maxBytes, files: 1 } });
    if (part?.fieldname !== 'file') {
      throw new AppError('VALIDATION_FAILED', { fields: { file: 'v.required' } });
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
    return tenants.uploadLogo(actor, params.tenantId, bytes, part.filename);
  });
  defineRoute(app, ten.logo, { auth }, async ({ actor, params, request, reply }) => {
    const file = await tenants.openLogo(actor, params.tenantId, params.fileId);
    return sendFile(request, reply, file, `private, ${IMMUTABLE}`);
  });
}

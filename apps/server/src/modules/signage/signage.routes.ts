import type { FastifyInstance } from 'fastify';
import {
  bannersContract,
  runningTextsContract,
  signageTargetsContract,
  videosContract,
} from '@antrean/shared/contracts/signage.contract';
import { defineRoute } from '../../lib/route';
import type { SignageService } from './signage.service';

/** Running texts, banners and videos: an admin of the tenant (or a superadmin acting in it). */
export function signageRoutes(app: FastifyInstance, signage: SignageService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, signageTargetsContract, { auth }, ({ actor }) => signage.targets(actor));
  const rt = runningTextsContract;
  defineRoute(app, rt.list, { auth }, ({ actor, query }) => signage.listRunningTexts(actor, query));
  defineRoute(app, rt.create, { auth }, ({ actor, body }) => signage.createRunningText(actor, body));
  defineRoute(app, rt.update, { auth }, ({ actor, params, body }) =>
    signage.updateRunningText(actor, params.runningTextId, body),
  );
  defineRoute(app, rt.remove, { auth }, async ({ actor, params }) => {
    await signage.removeRunningText(actor, params.runningTextId);
    return null;
  });

  const bn = bannersContract;
  defineRoute(app, bn.list, { auth }, ({ actor, query }) => signage.listBanners(actor, query));
  defineRoute(app, bn.create, { auth }, ({ actor, body }) => signage.createBanner(actor, body));
  defineRoute(app, bn.update, { auth }, ({ actor, params, body }) =>
    signage.updateBanner(actor, params.bannerId, body),
  );
  defineRoute(app, bn.remove, { auth }, async ({ actor, params }) => {
    await signage.removeBanner(actor, params.bannerId);
    return null;
  });

  const vd = videosContract;
  defineRoute(app, vd.list, { auth }, ({ actor, query }) => signage.listVideos(actor, query));
  defineRoute(app, vd.create, { auth }, ({ actor, body }) => signage.createVideo(actor, body));
  defineRoute(app, vd.update, { auth }, ({ actor, params, body }) =>
    signage.updateVideo(actor, params.videoId, body),
  );
  defineRoute(app, vd.remove, { auth }, async ({ actor, params }) => {
    await signage.removeVideo(actor, params.videoId);
    return null;
  });
}

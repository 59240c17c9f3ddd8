import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import multipart from '@fastify/multipart';
import { serviceDeps, type Deps } from './lib/deps';
import { installSecurityHeaders } from './plugins/security-headers';
import { installZod } from './plugins/zod';
import { frameworkErrors, installErrorHandling } from './plugins/errors';
import { clientErrorHandler, httpServerOptions, installRequestLimits } from './plugins/http-limits';
import { installAuth } from './plugins/auth';
import { installOpenApi } from './plugins/openapi';
import { installWeb } from './plugins/web';
import { securityTxtRoute } from './plugins/security-txt';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createBranchService } from './modules/branches/branch.service';
import { branchRoutes } from './modules/branches/branch.routes';
import { createBranchAdminService } from './modules/branches/branch-admin.service';
import { branchAdminRoutes } from './modules/branches/branch-admin.routes';
import { createScheduleAdminService } from './modules/schedules/schedule-admin.service';
import { scheduleAdminRoutes } from './modules/schedules/schedule-admin.routes';
import { createHolidayService } from './modules/holidays/holiday.service';
import { holidayRoutes } from './modules/holidays/holiday.routes';
import { createQueueResetPreview } from './modules/queue-reset/queue-reset-preview.service';
import { queueResetPreviewRoutes } from './modules/queue-reset/queue-reset-preview.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createTicketService, type TicketService } from './modules/tickets/ticket.service';
import { ticketRoutes } from './modules/tickets/ticket.routes';
import { createTicketListService } from './modules/tickets/ticket-list.service';
import { ticketListRoutes } from './modules/tickets/ticket-list.routes';
import { LiveHub } from './live/hub';
import { createLocalBus, createPostgresBus, type LiveBus } from './live/bus';
import { liveRoutes } from './modules/live/live.routes';
import type { DeviceHeartbeats } from './modules/devices/heartbeats';
import { createLiveService } from './modules/live/live.service';
import { createDeviceService } from './modules/devices/device.service';
import { deviceRoutes } from './modules/devices/device.routes';
import { createDeviceAdminService } from './modules/devices/device-admin.service';
import { deviceAdminRoutes } from './modules/devices/device-admin.routes';
import { createDeviceSettingsService } from './modules/devices/device-settings.service';
import { createAudit } from './modules/audit/audit.service';
import { createCounterService } from './modules/counters/counter.service';
import { counterRoutes } from './modules/counters/counter.routes';
import { createCurrencyService } from './modules/boards/currency.service';
import { currencyRoutes } from './modules/boards/currency.routes';
import { createProductService } from './modules/boards/product.service';
import { productRoutes } from './modules/boards/product.routes';
import { createVoiceService } from './modules/boards/voice.service';
import { voiceRoutes } from './modules/boards/voice.routes';
import { createServiceAdminService } from './modules/services/service.service';
import { serviceRoutes } from './modules/services/service.routes';
import { createServiceMappingService } from './modules/services/service-mapping.service';
import { serviceMappingRoutes } from './modules/services/service-mapping.routes';
import { createEformService } from './modules/services/eform.service';
import { eformRoutes } from './modules/services/eform.routes';
import { createMonitorService } from './modules/monitor/monitor.service';
import { monitorRoutes } from './modules/monitor/monitor.routes';
import { createFileService } from './modules/files/file.service';
import { fileRoutes } from './modules/files/file.routes';
import { createUserService } from './modules/users/user.service';
import { userImportRoutes, userRoutes } from './modules/users/user.routes';
import { createUserImportService } from './modules/users/user-import.service';
import { createPlatformCatalogService } from './modules/platform/catalog.service';
import { createTenantAdminService } from './modules/platform/tenant-admin.service';
import { platformRoutes } from './modules/platform/platform.routes';
import { createActingService } from './modules/platform/acting.service';
import { createProfileService } from './modules/users/profile.service';
import { profileRoutes } from './modules/users/profile.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { startQueueTimers } from './jobs/queue-timers';
import { startOutboxWorker } from './jobs/outbox-worker';
import { startHousekeeping } from './jobs/housekeeping';
import { createSecretBox } from './lib/secret-box';
import { createMessaging } from './modules/settings/messaging';
import { createSettingsService } from './modules/settings/settings.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createWhatsAppWebhookService } from './modules/messaging/whatsapp-webhook.service';
import { whatsappWebhookRoutes } from './modules/messaging/whatsapp-webhook.routes';
import { createOutboxService } from './modules/messaging/outbox.service';
import { outboxRoutes } from './modules/messaging/outbox.routes';
import { createThemeService } from './modules/themes/theme.service';
import { themeRoutes } from './modules/themes/theme.routes';
import { createSignageService } from './modules/signage/signage.service';
import { signageRoutes } from './modules/signage/signage.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live hub, its bus and the queue engine (tests drive timers and inspect the hub). */
    live: { hub: LiveHub; bus: LiveBus; tickets: TicketService; heartbeats: DeviceHeartbeats };
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Sees every route as it is registered (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Run the timers (announce, auto-serve, end-of-day sweep, outbox, housekeeping); tests drive them by hand. */
  timers?: boolean;
}

/** Builds the whole application without listening; tests use it with app.inject(). */
export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: deps.config.logLevel,
          ...(deps.config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
        }
      : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow and stalled clients are cut off (issue 13 item 3, decision 70).
    http: httpServerOptions(deps.config.http),
    requestTimeout: deps.config.http.requestTimeoutMs,
    connectionTimeout: deps.config.http.idleTimeoutMs,
    clientErrorHandler,
    frameworkErrors,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  installZod(app);
  installErrorHandling(app);
  installRequestLimits(app, deps.config.http.maxRequestsPerAddress);

  await app.register(cookie);
  installSecurityHeaders(app, { https: deps.config.publicUrl?.startsWith('https://') === true });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await installOpenApi(app, deps);

  const services = serviceDeps(deps);
  const hub = new LiveHub({ now: () => deps.clock.now() });
  const bus =
    deps.database.kind === 'postgres' && deps.database.pool
      ? await createPostgresBus(hub, deps.database.pool, (error) => app.log.error({ err: error }, 'live bus'))
      : createLocalBus(hub);
  const auth = createAuthService(services, bus);
  installAuth(app, deps, auth);
  const tickets = createTicketService(services, bus);
  const devices = createDeviceService(services);
  const messaging = createMessaging(services, createSecretBox(deps.config), (entry, msg) =>
    app.log.info(entry, msg),
  );

  await app.register(async (api) => {
    healthRoutes(api, deps);
    securityTxtRoute(api, deps);
    authRoutes(api, deps, auth);
    branchRoutes(api, createBranchService(services));
    catalogRoutes(api, createCatalogService(services));
    ticketRoutes(api, tickets);
    ticketListRoutes(api, createTicketListService(services));
    deviceRoutes(api, devices, tickets);
    deviceAdminRoutes(
      api,
      createDeviceAdminService(services, bus),
      createDeviceSettingsService(services, createAudit(deps.clock), bus),
    );
    counterRoutes(api, createCounterService(services, createAudit(deps.clock)));
    currencyRoutes(api, createCurrencyService(services, createAudit(deps.clock), bus));
    productRoutes(api, createProductService(services, createAudit(deps.clock), bus));
    voiceRoutes(api, createVoiceService(services, createAudit(deps.clock), bus));
    serviceRoutes(api, createServiceAdminService(services, createAudit(deps.clock), bus));
    serviceMappingRoutes(api, createServiceMappingService(services, createAudit(deps.clock), bus));
    eformRoutes(api, createEformService(services, createAudit(deps.clock)));
    monitorRoutes(api, createMonitorService(services, bus));
    fileRoutes(api, createFileService(services));
    userRoutes(api, createUserService(services, createAudit(deps.clock), bus));
    branchAdminRoutes(api, createBranchAdminService(services, createAudit(deps.clock)));
    settingsRoutes(api, createSettingsService(services, createAudit(deps.clock), messaging));
    whatsappWebhookRoutes(api, createWhatsAppWebhookService(services, messaging.secrets));
    signageRoutes(api, createSignageService(services, createAudit(deps.clock), bus));
    outboxRoutes(api, createOutboxService(services, createAudit(deps.clock)));
    themeRoutes(api, createThemeService(services, createAudit(deps.clock), bus));
    profileRoutes(api, createProfileService(services, createAudit(deps.clock), bus));
    userImportRoutes(api, createUserImportService(services, createAudit(deps.clock)));
    scheduleAdminRoutes(api, createScheduleAdminService(services, createAudit(deps.clock)));
    holidayRoutes(api, createHolidayService(services, createAudit(deps.clock)));
    queueResetPreviewRoutes(api, createQueueResetPreview(services));
    liveRoutes(api, deps, hub, createLiveService(services, auth, tickets, devices));
    platformRoutes(
      api,
      createPlatformCatalogService(services, createAudit(deps.clock)),
      createTenantAdminService(services, createAudit(deps.clock), createFileService(services), bus),
      createActingService(services, createAudit(deps.clock), auth, bus),
    );
    dashboardRoutes(api, createDashboardService(services));
  });

  const sweep = setInterval(() => hub.sweep(), 60_000);
  sweep.unref();
  const timers =
    options.timers === false
      ? undefined
      : startQueueTimers(services, tickets, (error) => app.log.error({ err: error }, 'queue timers'));
  const outbox =
    options.timers === false
      ? undefined
      : startOutboxWorker(
          services,
          (name) => messaging.providers[name],
          (error) => app.log.error({ err: error }, 'outbox worker'),
        );
  const housekeeping =
    options.timers === false
      ? undefined
      : startHousekeeping(services, (error) => app.log.error({ err: error }, 'housekeeping'));
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    timers?.stop();
    outbox?.stop();
    housekeeping?.stop();
    await bus.close();
    // Device last-seen times still in memory are written before the database is closed.
    await devices.heartbeats.close();
  });
  app.decorate('live', { hub, bus, tickets, heartbeats: devices.heartbeats });

  await installWeb(app, deps.config.webDist);
  return app;
}

/**
 * Helpers for tests that walk the whole route table (auth declared, tenant isolation, bad
 * bodies): collect routes as they are registered, find callers allowed on a route, and fill a
 * route's `:params` and body from a tenant graph.
 */
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { z } from 'zod';
import { can } from '@antrean/shared/auth/permissions';
import type { RouteAuth } from '../lib/route';
import { loginAs, type BranchGraph, type TenantGraph } from './factories';

export interface RouteInfo {
  method: HTTPMethods;
  url: string;
  auth: RouteAuth | undefined;
  params: string[];
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  hidden: boolean;
  websocket: boolean;
}

export const routeKey = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/**
 * An `onRoute` callback for buildTestApp and the routes it saw. Route objects are read after
 * the app is ready: encapsulated plugins (docs, web) amend `config.auth` in their own onRoute
 * hooks, which run after ours on the same object.
 */
export function routeCollector(): { onRoute: (route: RouteOptions) => void; routes: () => RouteInfo[] } {
  const seen: RouteOptions[] = [];
  return {
    onRoute: (route) => {
      seen.push(route);
    },
    routes: () =>
      seen.flatMap((route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const schema = route.schema ?? {};
        return methods.map((method) => ({
          method,
          url: route.url,
          auth: route.config?.auth,
          params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
          body: isZodSchema(schema.body) ? schema.body : undefined,
          query: isZodSchema(schema.querystring) ? schema.querystring : undefined,
          hidden: (schema as { hide?: boolean }).hide === true,
          websocket: (route as { websocket?: boolean }).websocket === true,
        }));
      }),
  };
}

/** Routes a client calls on purpose (HEAD and OPTIONS are derived from them). */
export const callable = (route: RouteInfo): boolean => route.method !== 'HEAD' && route.method !== 'OPTIONS';

// ── Callers ────────────────────────────────────────────────────────────────────────────────

type TenantRoleName = 'admin' | 'operator' | 'caller' | 'supervisor';
const TENANT_ROLE_NAMES: readonly TenantRoleName[] = ['admin', 'operator', 'caller', 'supervisor'];

export interface Caller {
  name: string;
  headers: Record<string, string>;
  /** Bound to the graph's `main` branch only (everything but the admin). */
  branchBound: boolean;
}

export interface TenantCallers {
  staff: Record<TenantRoleName, Caller>;
  kiosk: Caller;
  display: Caller;
  apiKey: Caller;
}

/** Signs in every user of the graph and prepares the device and API-key headers of its main branch. */
export async function callersOf(app: FastifyInstance, graph: TenantGraph): Promise<TenantCallers> {
  const staff = {} as Record<TenantRoleName, Caller>;
  for (const role of TENANT_ROLE_NAMES) {
    const user = graph.users[role];
    staff[role] = {
      name: role,
      headers: { cookie: await loginAs(app, user.username, user.password) },
      branchBound: role !== 'admin',
    };
  }
  return {
    staff,
    kiosk: { name: 'kiosk', headers: { 'x-kiosk-code': graph.main.kiosk.code }, branchBound: true },
    display: { name: 'display', headers: { 'x-display-code': graph.main.display.code }, branchBound: true },
    apiKey: { name: 'apiKey', headers: { 'x-api-key': graph.main.apiKey.key }, branchBound: true },
  };
}

/** The tenant's callers a route's auth declaration admits (by role permission; the service may still refuse). */
export function admittedCallers(auth: RouteAuth | undefined, callers: TenantCallers): Caller[] {
  if (auth === undefined || auth === 'public') return [];
  const out: Caller[] = [];
  const staffAction = auth.staff;
  if (staffAction) {
    for (const role of TENANT_ROLE_NAMES) {
      if (staffAction === 'any' || can(role, staffAction)) out.push(callers.staff[role]);
    }
  }
  if (auth.kiosk) out.push(callers.kiosk);
  if (auth.display) out.push(callers.display);
  if (auth.apiKey) out.push(callers.apiKey);
  return out;
}

// ── Ids ────────────────────────────────────────────────────────────────────────────────────

/** Whose ids fill a request: a tenant, and which of its branches the branch-scoped ids come from. */
export interface Scope {
  tenant: TenantGraph;
  branch: BranchGraph;
}

/**
 * Path parameter → the entity id it names. A route with a parameter missing here (and not in
 * its ROUTE_REQUESTS entry) fails the walking tests: add the entity to the tenant graph
 * (test/factories.ts) and map it here.
 */
const PARAM_IDS: Record<string, (s: Scope) => string> = {
  tenantId: (s) => s.tenant.tenant.id,
  branchId: (s) => s.branch.branch.id,
  counterId: (s) => s.branch.counter.id,
  displayId: (s) => s.branch.display.id,
  kioskId: (s) => s.branch.kiosk.id,
  ticketId: (s) => s.branch.ticket.id,
  serviceId: (s) => s.tenant.service.id,
  subServiceId: (s) => s.tenant.service.subServiceIds[0] ?? '',
  userId: (s) => s.tenant.users.operator.id,
  fileId: (s) => s.tenant.file.id,
  themeId: (s) => s.tenant.theme.id,
  categoryId: (s) => s.tenant.tenant.categoryId,
  holidayId: (s) => s.tenant.holiday.id,
  messageId: (s) => s.tenant.message.id,
  currencyId: (s) => s.tenant.currency.id,
  runningTextId: (s) => s.tenant.signage.runningTextId,
  bannerId: (s) => s.tenant.signage.bannerId,
  videoId: (s) => s.tenant.signage.videoId,
  productId: (s) => s.tenant.product.id,
  itemId: (s) => s.tenant.product.itemId,
};

/** Parameters whose entity belongs to one branch (another branch of the same tenant has its own). */
const BRANCH_SCOPED_PARAMS = new Set(['branchId', 'counterId', 'displayId', 'kioskId', 'ticketId']);

/** Body fields the generic body builder knows how to fill (ids from the scope, plus plain values). */
const BODY_FIELDS: Record<string, (s: Scope) => unknown> = {
  ...PARAM_IDS,
  serviceIds: (s) => [s.tenant.service.id],
  channel: () => 'operator',
};

export interface RouteRequest {
  /** Path parameters that are not entity ids (or whose name is ambiguous), for this route only. */
  params?: Record<string, (s: Scope) => string>;
  /** Parameters of `params` that belong to one branch (like BRANCH_SCOPED_PARAMS). */
  branchScopedParams?: string[];
  /** Query parameters to send (fillPath appends them), e.g. filters naming ids of the scope. */
  query?: (s: Scope) => Record<string, string>;
  /** A valid body, when the generic builder cannot make one. */
  body?: (s: Scope) => unknown;
  /**
   * Why ids in this route's body only narrow what it acts on (so another tenant's id matches
   * nothing and the call may succeed doing nothing) instead of naming an object to act on.
   */
  bodyIdsAreFilters?: string;
}

/** Per-route knowledge the generic walkers need, keyed `METHOD /path`. */
export const ROUTE_REQUESTS: Record<string, RouteRequest> = {
  'POST /api/v1/branches/:branchId/check-in': {
    body: (s) => ({ bookingCode: s.branch.bookingCode }),
  },
  // The staff ticket list: filter by the scope's counter and service, so a walk with another
  // tenant's scope names their ids in the query too (the branch alone must already answer 404).
  'GET /api/v1/branches/:branchId/tickets': {
    query: (s) => ({
      status: 'waiting,finished',
      counterId: s.branch.counter.id,
      serviceId: s.tenant.service.id,
      limit: '10',
    }),
  },
  // Device administration names the device by kind + id: the display of the scope's branch
  // (another tenant's display id must answer 404).
  'POST /api/v1/devices/:kind/:deviceId/regenerate-code': {
    params: { kind: () => 'display', deviceId: (s) => s.branch.display.id },
    branchScopedParams: ['deviceId'],
  },
  'PATCH /api/v1/devices/:kind/:deviceId': {
    params: { kind: () => 'display', deviceId: (s) => s.branch.display.id },
    branchScopedParams: ['deviceId'],
    body: () => ({ isActive: true }),
  },
  'PATCH /api/v1/currencies/:currencyId': { body: () => ({ sell: '1.5' }) },
  'PATCH /api/v1/products/:productId': { body: () => ({ sortOrder: 3 }) },
  'POST /api/v1/products/:productId/items': { body: () => ({ name: 'Baru', percentage: '2', sortOrder: 1 }) },
  'PATCH /api/v1/products/:productId/items/:itemId': { body: () => ({ percentage: '2.5' }) },
  'GET /api/v1/branches/by-code/:code': {
    params: { code: (s) => s.branch.branch.code },
    branchScopedParams: ['code'],
  },
  // User administration: an edit that changes nothing (the operator keeps their session).
  'PATCH /api/v1/users/:userId': {
    body: () => ({ isActive: true }),
  },
  // Branch administration: a no-op edit (the walk must not rename or deactivate the graph's branch).
  'PATCH /api/v1/branches/:branchId': { body: () => ({ isActive: true }) },
  // Copying a branch: the same body for every scope, refused for the own branch (its display does
  // not fit a display limit of 0), so the walk creates no branch.
  'POST /api/v1/branches/:branchId/copy': {
    body: () => ({
      code: 'WALKCOPY',
      name: 'Salinan walk',
      address: 'Jl. Uji 1',
      province: 'Jawa Barat',
      city: 'Bandung',
      village: 'Dago',
      timeZone: 'Asia/Jakarta',
      category: 'Kantor Cabang',
      displayLimit: 0,
      counterLimit: 10,
      monitoringUrl: null,
      autoServe: false,
      autoServeDelaySeconds: 0,
      whatsappVirtualTicket: false,
      showOnKiosk: true,
      showOnWeb: true,
      isActive: true,
      copy: { schedules: true, counters: true, devices: true },
    }),
  },
  'PATCH /api/v1/services/:serviceId': { body: () => ({ name: 'Layanan Diambil Alih' }) },
  // The mapping matrix: the scope's service offered and served by the scope's counter.
  'PUT /api/v1/services/:serviceId/eform': {
    body: () => ({
      fields: [
        {
          field: 'nik',
          label: 'NIK',
          inputType: 'text',
          placeholder: null,
          regex: null,
          required: true,
          validationMessage: null,
          options: [],
        },
      ],
    }),
  },
  'PUT /api/v1/branches/:branchId/service-mapping': {
    body: (s) => ({
      offeredServiceIds: [s.tenant.service.id],
      counters: [{ counterId: s.branch.counter.id, serviceIds: [s.tenant.service.id] }],
    }),
  },
  // Published app versions are platform rows (no tenant, superadmin only): any id fills the path.
  'PATCH /api/v1/applications/:applicationId': {
    params: { applicationId: () => '00000000-0000-7000-8000-00000000a001' },
  },
  'DELETE /api/v1/applications/:applicationId': {
    params: { applicationId: () => '00000000-0000-7000-8000-00000000a001' },
  },
  // Schedules: an empty week for the graph's service (it had none) and an interval of no rows.
  'PUT /api/v1/branches/:branchId/services/:serviceId/schedules': { body: () => ({ rows: [] }) },
  'PUT /api/v1/branches/:branchId/services/:serviceId/schedule-interval': {
    body: () => ({ interval: 'hour', hourlyLimit: 10 }),
  },
  // Device settings: new devices created inactive (no display limit in the way), no-op edits.
  'POST /api/v1/branches/:branchId/kiosks': {
    body: () => ({ name: 'Kiosk walk', paperWidthMm: 80, serviceIds: [], isActive: false }),
  },
  'POST /api/v1/branches/:branchId/displays': {
    body: () => ({
      name: 'Display walk',
      layout: 'classic',
      counterId: null,
      serviceIds: [],
      voiceMode: null,
      isActive: false,
    }),
  },
  'PATCH /api/v1/kiosks/:kioskId': { body: () => ({ isActive: true }) },
  'PATCH /api/v1/displays/:displayId': { body: () => ({ isActive: true }) },
  // Signage: a valid save naming the scope's branch and display (another tenant's in the body is refused).
  'PUT /api/v1/running-texts/:runningTextId': {
    body: (s) => ({
      content: 'Teks berjalan uji walk',
      isActive: true,
      speed: 'normal',
      sortOrder: 1,
      branchIds: [s.branch.branch.id],
      displayIds: [s.branch.display.id],
    }),
  },
  'PUT /api/v1/banners/:bannerId': {
    body: (s) => ({
      name: 'Banner uji walk',
      fileId: s.tenant.file.id,
      isActive: true,
      startsOn: null,
      endsOn: null,
      durationSeconds: 10,
      sortOrder: 1,
      branchIds: [s.branch.branch.id],
      displayIds: [],
    }),
  },
  'PUT /api/v1/videos/:videoId': {
    body: (s) => ({
      name: 'Video walk',
      fileId: s.tenant.file.id,
      description: 'Video uji',
      isActive: true,
      sortOrder: 1,
      branchIds: [s.branch.branch.id],
      displayIds: [],
    }),
  },
  'PUT /api/v1/themes/:themeId': {
    body: () => ({
      name: 'Tema walk',
      backgroundFileId: null,
      labels: {},
      primaryColor: '#0b5cab',
      secondaryColor: '#f59f00',
      sidebarBackground: '#0a2540',
      pageBackground: '#f5f7fa',
      displayBackground: '#0a2540',
      displayTextColor: '#ffffff',
      fontFamily: 'Inter, system-ui, sans-serif',
      headingFontFamily: 'Inter, system-ui, sans-serif',
      logoFileId: null,
      faviconFileId: null,
    }),
  },
};

const paramValue = (
  route: { method: string; url: string },
  name: string,
): ((s: Scope) => string) | undefined => ROUTE_REQUESTS[routeKey(route)]?.params?.[name] ?? PARAM_IDS[name];

/** The route's path with every `:param` filled from `scope`, plus its ROUTE_REQUESTS query if any. */
export function fillPath(route: { method: string; url: string }, scope: Scope): string {
  const path = route.url.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = paramValue(route, name);
    if (!value) throw new Error(`${routeKey(route)}: no value for path parameter :${name}`);
    return encodeURIComponent(value(scope));
  });
  const query = ROUTE_REQUESTS[routeKey(route)]?.query?.(scope);
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

export const unmappedParams = (route: RouteInfo): string[] =>
  route.params.filter((p) => !paramValue(route, p));

/** Does the route name something that belongs to one branch (so another branch's caller must get 404)? */
export const hasBranchScopedParam = (route: RouteInfo): boolean =>
  route.params.some(
    (p) =>
      BRANCH_SCOPED_PARAMS.has(p) || (ROUTE_REQUESTS[routeKey(route)]?.branchScopedParams ?? []).includes(p),
  );

/**
 * A body the route's schema accepts, with ids from `scope`: the route's override, or every
 * known field of an object schema. Undefined when the route takes no body; throws when no
 * valid body can be built (add a ROUTE_REQUESTS entry).
 */
export function validBody(route: RouteInfo, scope: Scope): unknown {
  if (!route.body) return undefined;
  const override = ROUTE_REQUESTS[routeKey(route)]?.body;
  let body: unknown;
  if (override) {
    body = override(scope);
  } else if (route.body instanceof z.ZodObject) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(route.body.shape)) {
      const field = BODY_FIELDS[key];
      if (field) out[key] = field(scope);
    }
    body = out;
  } else {
    body = {};
  }
  const parsed = route.body.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `${routeKey(route)}: cannot build a valid body (${JSON.stringify(body)}); add it to ROUTE_REQUESTS in test/route-walk.ts`,
    );
  }
  return body;
}

/** Strings that identify a tenant's data (long enough not to match by chance). */
export function identifyingStrings(graph: TenantGraph): string[] {
  const values: string[] = [
    graph.tenant.id,
    graph.tenant.name,
    graph.service.id,
    graph.service.name,
    ...graph.service.subServiceIds,
  ];
  for (const b of [graph.main, graph.other]) {
    values.push(
      b.branch.id,
      b.branch.name,
      b.counter.id,
      b.display.id,
      b.display.code,
      b.kiosk.id,
      b.kiosk.code,
      b.apiKey.key,
      b.ticket.id,
      b.ticket.uniqueCode,
    );
  }
  for (const user of Object.values(graph.users)) values.push(user.id, user.username);
  return values.filter((v) => v.length >= 8);
}

/**
 * Tenant isolation across the whole route table: another tenant's object — and,
 * for branch-bound callers, another branch's — answers 404, never 403 and never the object.
 * The walk is generic: new routes are covered as soon as they are registered; a route whose
 * `:param` or body the walker cannot fill fails until test/route-walk.ts learns it.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app';
import { describeWithDb } from './test/db';
import type { TenantGraph } from './test/factories';
import {
  ROUTE_REQUESTS,
  admittedCallers,
  callable,
  callersOf,
  fillPath,
  hasBranchScopedParam,
  identifyingStrings,
  routeCollector,
  routeKey,
  unmappedParams,
  validBody,
  type Caller,
  type RouteInfo,
  type Scope,
  type TenantCallers,
} from './test/route-walk';

const METHOD_ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

/** Reads first, writes next, deletes last (deepest paths first), so own-id calls keep finding their objects. */
function walkOrder(a: RouteInfo, b: RouteInfo): number {
  const byMethod = (METHOD_ORDER[a.method] ?? 1) - (METHOD_ORDER[b.method] ?? 1);
  if (byMethod !== 0) return byMethod;
  if (a.method === 'DELETE') return b.url.split('/').length - a.url.split('/').length;
  return 0;
}

const isTenantScopedParamRoute = (route: RouteInfo): boolean =>
  callable(route) &&
  !route.websocket &&
  route.auth !== undefined &&
  route.auth !== 'public' &&
  route.params.length > 0;

describeWithDb('tenant isolation', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let a: TenantGraph;
  let b: TenantGraph;
  let callersA: TenantCallers;

  beforeAll(async () => {
    const collector = routeCollector();
    t = await buildTestApp({ onRoute: collector.onRoute });
    routes = collector.routes();
    a = await t.f.buildTenantGraph();
    b = await t.f.buildTenantGraph();
    callersA = await callersOf(t.app, a);
  });
  afterAll(async () => {
    await t.close();
  });

  function send(
    route: RouteInfo,
    caller: Caller,
    params: Scope,
    body: Scope,
  ): Promise<LightMyRequestResponse> {
    const payload = validBody(route, body);
    return t.app.inject({
      method: route.method,
      url: fillPath(route, params),
      headers: caller.headers,
      ...(payload === undefined
        ? {}
        : {
            payload: JSON.stringify(payload),
            headers: { ...caller.headers, 'content-type': 'application/json' },
          }),
    });
  }

  /** Tenant rows the walked routes could touch, to prove the foreign calls changed nothing. */
  async function tenantSnapshot(tenantId: string): Promise<unknown> {
    const { db } = t.database;
    const tables = [
      'branches',
      'services',
      'counters',
      'counter_services',
      'tickets',
      'ticket_events',
      'ticket_sequences',
      'users',
      'displays',
      'kiosks',
    ] as const;
    const out: Record<string, string[]> = {};
    for (const table of tables) {
      const rows = await db.selectFrom(table).selectAll().where('tenant_id', '=', tenantId).execute();
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  }

  const leaked = (response: LightMyRequestResponse, strings: readonly string[]): string[] =>
    strings.filter((s) => response.body.includes(s));

  const isNotFound = (response: LightMyRequestResponse): boolean =>
    response.statusCode === 404 && response.json<{ error?: { code?: string } }>().error?.code === 'NOT_FOUND';

  const describeResponse = (response: LightMyRequestResponse): string =>
    `${response.statusCode} ${response.body.slice(0, 200)}`;

  it('walks every tenant-scoped route with a :param: another tenant’s ids answer 404 and nothing of theirs', async () => {
    const walked = routes.filter(isTenantScopedParamRoute).sort(walkOrder);
    expect(walked.map(routeKey)).toContain('GET /api/v1/branches/:branchId');
    expect(
      walked
        .filter((r) => unmappedParams(r).length > 0)
        .map((r) => `${routeKey(r)}: map :${unmappedParams(r).join(', :')} in PARAM_IDS`),
    ).toEqual([]);

    const bStrings = identifyingStrings(b);
    const otherBranchStrings = [
      a.other.branch.name,
      a.other.ticket.uniqueCode,
      a.other.display.code,
      a.other.kiosk.code,
      a.other.apiKey.key,
    ];
    const own: Scope = { tenant: a, branch: a.main };
    const cross: Scope = { tenant: b, branch: b.main };
    const otherBranch: Scope = { tenant: a, branch: a.other };
    const failures: string[] = [];
    const platformOnly: string[] = [];

    const before = await tenantSnapshot(b.tenant.id);
    for (const route of walked) {
      const key = routeKey(route);
      const callers = admittedCallers(route.auth, callersA);
      if (callers.length === 0) {
        platformOnly.push(key);
        continue;
      }
      const hasBranchParam = hasBranchScopedParam(route);
      const bodyDiffers = JSON.stringify(validBody(route, own)) !== JSON.stringify(validBody(route, cross));
      let admitted = 0;
      const ownStatuses: string[] = [];

      for (const caller of callers) {
        const who = `${key} as ${caller.name}`;
        // Foreign ids first: they must not change anything, so the order cannot matter.
        const foreign = await send(route, caller, cross, cross);
        const mixed = bodyDiffers ? await send(route, caller, own, cross) : undefined;
        const sibling =
          caller.branchBound && hasBranchParam
            ? await send(route, caller, otherBranch, otherBranch)
            : undefined;
        const mine = await send(route, caller, own, own);
        ownStatuses.push(`${caller.name}:${mine.statusCode}`);

        const denied = mine.statusCode === 401 || mine.statusCode === 403;
        if (!denied) admitted++;
        if (mine.statusCode === 404) {
          failures.push(
            `${who}: own ids answer 404 too (${describeResponse(mine)}), so 404 for foreign ids proves nothing`,
          );
        }

        // A caller refused on its own objects may be refused the same way on foreign ones.
        const acceptable = (response: LightMyRequestResponse) =>
          isNotFound(response) || (denied && response.statusCode === mine.statusCode);
        if (!acceptable(foreign)) {
          failures.push(`${who} with tenant B's ids: expected 404, got ${describeResponse(foreign)}`);
        }
        const foreignLeak = leaked(foreign, bStrings);
        if (foreignLeak.length > 0) {
          failures.push(`${who} with tenant B's ids leaks ${foreignLeak.join(', ')}`);
        }

        if (mixed) {
          const filtersOnly = ROUTE_REQUESTS[key]?.bodyIdsAreFilters !== undefined;
          if (mixed.statusCode >= 500 || (!filtersOnly && mixed.statusCode < 300)) {
            failures.push(
              `${who} with own path but tenant B's ids in the body succeeded: ${describeResponse(mixed)}`,
            );
          }
          const mixedLeak = leaked(mixed, bStrings);
          if (mixedLeak.length > 0) {
            failures.push(`${who} with tenant B's ids in the body leaks ${mixedLeak.join(', ')}`);
          }
        }
        if (sibling) {
          if (!acceptable(sibling)) {
            failures.push(
              `${who} (bound to another branch) with this tenant's other branch: expected 404, got ${describeResponse(sibling)}`,
            );
          }
          const siblingLeak = leaked(sibling, otherBranchStrings);
          if (siblingLeak.length > 0) {
            failures.push(`${who} leaks the other branch's ${siblingLeak.join(', ')}`);
          }
        }
      }
      if (admitted === 0) {
        failures.push(
          `${key}: no caller of tenant A got past auth with its own ids (${ownStatuses.join(' ')}); the walk proves nothing`,
        );
      }
    }

    // Nothing of tenant B changed, whatever the responses said.
    expect(await tenantSnapshot(b.tenant.id)).toEqual(before);
    if (platformOnly.length > 0) {
      process.stdout.write(`tenancy walk: platform-only routes not walked: ${platformOnly.join(', ')}\n`);
    }
    expect(failures, `walked:\n  ${walked.map(routeKey).join('\n  ')}`).toEqual([]);
  });

  it('an operator of one branch gets 404 for another branch of the same tenant', async () => {
    const headers = callersA.staff.operator.headers;
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/branches/${a.main.branch.id}`, headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: a.main.branch.id, tenantId: a.tenant.id });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/branches/${a.other.branch.id}`,
      headers,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect(other.body).not.toContain(a.other.branch.name);
  });

  it('an admin sees every branch of its tenant and gets 404 for another tenant’s', async () => {
    const headers = callersA.staff.admin.headers;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/branches/${a.other.branch.id}`, headers }))
        .statusCode,
    ).toBe(200);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/branches/${b.main.branch.id}`,
      headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(b.main.branch.name);
  });

  it('GET /api/v1/branches lists the operator’s branches, all of the admin’s tenant, never another tenant’s', async () => {
    const list = async (caller: Caller) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/branches',
        headers: caller.headers,
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<{ items: { id: string }[] }>()
        .items.map((i) => i.id)
        .sort();
    };
    expect(await list(callersA.staff.operator)).toEqual([a.main.branch.id]);
    expect(await list(callersA.staff.supervisor)).toEqual([a.main.branch.id]);
    expect(await list(callersA.staff.admin)).toEqual([a.main.branch.id, a.other.branch.id].sort());
    const callersB = await callersOf(t.app, b);
    expect(await list(callersB.staff.admin)).toEqual([b.main.branch.id, b.other.branch.id].sort());
  });
});

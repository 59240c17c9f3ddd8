/**
 * Ticket issuance (numbers per service and branch-local day): who may issue, the 201 answer, per-service numbers,
 * refusals; and the Idempotency-Key contract (same answer for 24 h, 422 on another body,
 * per tenant, exactly one ticket under concurrent retries).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateWait } from '@antrean/shared/domain/ticket/estimate';
import { TEST_NOW } from '../../test/app';
import { describeWithDb } from '../../test/db';
import { loginAs } from '../../test/factories';
import {
  buildEngineApp,
  buildQueueScenario,
  nextIp,
  ticketApi,
  ticketRow,
  type EngineApp,
  type QueueScenario,
} from '../../test/engine-helpers';

describeWithDb('ticket issuance', () => {
  let t: EngineApp;
  let api: ReturnType<typeof ticketApi>;
  beforeAll(async () => {
    t = await buildEngineApp({ poolSize: 8 });
    api = ticketApi(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const countTickets = async (branchId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('branch_id', '=', branchId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('who may issue', () => {
    let s: QueueScenario;
    beforeAll(async () => {
      s = await buildQueueScenario(t);
    });

    it('an operator (session cookie) gets 201 with the full answer; numbers run A001, A002 per service, B001 for the other', async () => {
      const [a, b] = s.services;
      if (!a || !b) throw new Error('services');
      const first = await api.issue(
        s.branch.id,
        { serviceId: a.id, channel: 'operator', phone: '081234567890' },
        { cookie: s.cookies.operator },
      );
      expect(first.statusCode).toBe(201);
      const body = first.json();
      expect(body).toEqual({
        id: expect.any(String),
        number: 'A001',
        status: 'waiting',
        serviceId: a.id,
        branchId: s.branch.id,
        uniqueCode: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
        issuedAt: TEST_NOW,
        peopleAhead: 0,
        estimatedWait: estimateWait({ peopleAhead: 0, openCounters: 1, slaSeconds: 300, samples: 0 }),
      });
      // The phone is stored but never echoed in the issue answer.
      expect(first.body).not.toContain('81234567890');

      const second = await api.issue(
        s.branch.id,
        { serviceId: a.id, channel: 'operator' },
        { cookie: s.cookies.operator },
      );
      expect(second.statusCode).toBe(201);
      // No finished history: the SLA (300 s) is the prior average; one counter serves A.
      expect(second.json()).toMatchObject({
        number: 'A002',
        peopleAhead: 1,
        estimatedWait: estimateWait({ peopleAhead: 1, openCounters: 1, slaSeconds: 300, samples: 0 }),
      });

      const other = await api.issue(
        s.branch.id,
        { serviceId: b.id, channel: 'operator' },
        { cookie: s.cookies.operator },
      );
      expect(other.json()).toMatchObject({ number: 'B001', peopleAhead: 0, serviceId: b.id });

      const row = await ticketRow(t.database, body.id);
      expect(row).toMatchObject({
        tenant_id: s.tenantId,
        branch_id: s.branch.id,
        service_id: a.id,
        service_day: '2026-01-05',
        seq: 1,
        number: 'A001',
        channel: 'operator',
        status: 'waiting',
        // Stored normalised (E.164), whatever form it was typed in.
        phone: '+6281234567890',
        unique_code: body.uniqueCode,
        issued_at: TEST_NOW,
        queued_at: TEST_NOW,
      });
      const events = await t.database.db
        .selectFrom('ticket_events')
        .selectAll()
        .where('ticket_id', '=', body.id)
        .execute();
      expect(events).toEqual([
        expect.objectContaining({
          type: 'ticket.issued',
          from_status: null,
          to_status: 'waiting',
          actor_kind: 'staff',
          actor_id: s.users.operator.id,
        }),
      ]);
    });

    it('a kiosk of the branch (X-Kiosk-Code) issues kiosk tickets', async () => {
      const service = s.services[0];
      if (!service) throw new Error('service');
      const response = await api.issue(
        s.branch.id,
        { serviceId: service.id, channel: 'kiosk' },
        { headers: { 'x-kiosk-code': s.kiosk.code } },
      );
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        status: 'waiting',
        serviceId: service.id,
        branchId: s.branch.id,
        number: expect.stringMatching(/^A\d{3}$/),
      });
      const row = await ticketRow(t.database, body.id);
      expect(row).toMatchObject({ channel: 'kiosk', kiosk_id: s.kiosk.id });
      // A kiosk cannot pretend to be another channel.
      const wrong = await api.issue(
        s.branch.id,
        { serviceId: service.id, channel: 'operator' },
        { headers: { 'x-kiosk-code': s.kiosk.code } },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('the branch API key (X-Api-Key) issues api tickets', async () => {
      const service = s.services[1];
      if (!service) throw new Error('service');
      const response = await api.issue(
        s.branch.id,
        { serviceId: service.id, channel: 'api' },
        { headers: { 'x-api-key': s.apiKey.key } },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        status: 'waiting',
        serviceId: service.id,
        number: expect.stringMatching(/^B\d{3}$/),
      });
      expect((await ticketRow(t.database, response.json().id)).channel).toBe('api');
    });

    it('numbers of one service are consecutive whoever issues them', async () => {
      const service = s.services[0];
      if (!service) throw new Error('service');
      const before = await countTickets(s.branch.id);
      const numbers: string[] = [];
      for (const via of ['cookie', 'kiosk', 'api', 'cookie'] as const) {
        const response =
          via === 'cookie'
            ? await api.issue(
                s.branch.id,
                { serviceId: service.id, channel: 'operator' },
                { cookie: s.cookies.admin },
              )
            : via === 'kiosk'
              ? await api.issue(
                  s.branch.id,
                  { serviceId: service.id, channel: 'kiosk' },
                  { headers: { 'x-kiosk-code': s.kiosk.code } },
                )
              : await api.issue(
                  s.branch.id,
                  { serviceId: service.id, channel: 'web' },
                  { headers: { 'x-api-key': s.apiKey.key } },
                );
        expect(response.statusCode).toBe(201);
        numbers.push(response.json().number);
      }
      const seqs = numbers.map((n) => Number(n.slice(1)));
      expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
      expect(await countTickets(s.branch.id)).toBe(before + 4);
    });

    it('refuses: caller 403, supervisor 403, no credential 401, another branch’s kiosk or key 404', async () => {
      const service = s.services[0];
      if (!service) throw new Error('service');
      const before = await countTickets(s.branch.id);
      const body = { serviceId: service.id, channel: 'operator' };

      const caller = await api.issue(s.branch.id, body, { cookie: s.cookies.caller });
      expect(caller.statusCode).toBe(403);
      expect(caller.json().error.code).toBe('FORBIDDEN');

      const supervisor = await t.f.buildUser({
        role: 'supervisor',
        tenantId: s.tenantId,
        branchIds: [s.branch.id],
      });
      const supervisorCookie = await loginAs(t.app, supervisor.username, supervisor.password, {
        remoteAddress: nextIp(),
      });
      const bySupervisor = await api.issue(s.branch.id, body, { cookie: supervisorCookie });
      expect(bySupervisor.statusCode).toBe(403);

      const anonymous = await api.issue(s.branch.id, body);
      expect(anonymous.statusCode).toBe(401);

      const otherBranch = await t.f.buildBranch({ tenantId: s.tenantId });
      const otherKiosk = await t.f.buildKiosk({ branchId: otherBranch.id });
      const viaKiosk = await api.issue(
        s.branch.id,
        { serviceId: service.id, channel: 'kiosk' },
        { headers: { 'x-kiosk-code': otherKiosk.code } },
      );
      expect(viaKiosk.statusCode).toBe(404);
      expect(viaKiosk.json().error.code).toBe('NOT_FOUND');

      const otherKey = await t.f.buildBranchApiKey(otherBranch.id);
      const viaKey = await api.issue(
        s.branch.id,
        { serviceId: service.id, channel: 'api' },
        { headers: { 'x-api-key': otherKey.key } },
      );
      expect(viaKey.statusCode).toBe(404);

      // An operator of another branch of the same tenant.
      const foreignOperator = await t.f.buildUser({
        role: 'operator',
        tenantId: s.tenantId,
        branchIds: [otherBranch.id],
      });
      const foreignCookie = await loginAs(t.app, foreignOperator.username, foreignOperator.password, {
        remoteAddress: nextIp(),
      });
      const viaForeignOperator = await api.issue(s.branch.id, body, { cookie: foreignCookie });
      expect(viaForeignOperator.statusCode).toBe(404);

      expect(await countTickets(s.branch.id)).toBe(before);
    });

    it('unknown service, a service of another tenant, or one the branch does not offer → 404', async () => {
      const before = await countTickets(s.branch.id);
      const foreign = await t.f.buildService({ branchIds: [(await t.f.buildBranch()).id] });
      const notOffered = await t.f.buildService({ tenantId: s.tenantId, branchIds: [] });
      for (const serviceId of ['01900000-0000-7000-8000-000000000000', foreign.id, notOffered.id]) {
        const response = await api.issue(
          s.branch.id,
          { serviceId, channel: 'operator' },
          { cookie: s.cookies.operator },
        );
        expect(response.statusCode, serviceId).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
      // Another tenant's branch id in the path.
      const foreignBranch = await t.f.buildBranch();
      const service = s.services[0];
      if (!service) throw new Error('service');
      const path = await api.issue(
        foreignBranch.id,
        { serviceId: service.id, channel: 'operator' },
        { cookie: s.cookies.admin },
      );
      expect(path.statusCode).toBe(404);
      expect(await countTickets(s.branch.id)).toBe(before);
    });

    it('a bad body → 400 with details.fields naming each bad field', async () => {
      const service = s.services[0];
      if (!service) throw new Error('service');
      const cases: [Record<string, unknown>, string[]][] = [
        [{}, ['serviceId', 'channel']],
        [{ serviceId: 'not-an-id', channel: 'operator' }, ['serviceId']],
        [{ serviceId: service.id, channel: 'fax' }, ['channel']],
        [{ serviceId: service.id, channel: 'operator', phone: '12345' }, ['phone']],
      ];
      for (const [body, fields] of cases) {
        const response = await api.issue(s.branch.id, body, { cookie: s.cookies.operator });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        const error = response.json().error;
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(error.details.fields).sort()).toEqual([...fields].sort());
      }
      const badKey = await api.issue(
        s.branch.id,
        { serviceId: service.id, channel: 'operator' },
        { cookie: s.cookies.operator, headers: { 'idempotency-key': 'short' } },
      );
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().error.details.fields).toHaveProperty('Idempotency-Key');
    });
  });

  describe('Idempotency-Key', () => {
    let s: QueueScenario;
    beforeAll(async () => {
      s = await buildQueueScenario(t, { serviceCodes: ['C'] });
    });
    // The API key never expires with the manual clock (sessions would, after 24 h).
    const issueWithKey = (scenario: QueueScenario, key: string, body: Record<string, unknown>) =>
      api.issue(scenario.branch.id, body, {
        headers: { 'x-api-key': scenario.apiKey.key, 'idempotency-key': key },
      });
    const rowsWithId = async (id: string) =>
      (await t.database.db.selectFrom('tickets').select('id').where('id', '=', id).execute()).length;

    it('the same key and body returns the same ticket with a byte-identical body; a different body → 422', async () => {
      const service = s.services[0];
      if (!service) throw new Error('service');
      const before = await countTickets(s.branch.id);
      const body = { serviceId: service.id, channel: 'api', phone: '081200000001' };
      const first = await issueWithKey(s, 'idem-key-0001', body);
      expect(first.statusCode).toBe(201);
      const again = await issueWithKey(s, 'idem-key-0001', body);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      // The same body written with its keys in another order is the same request.
      const reordered = await issueWithKey(s, 'idem-key-0001', {
        phone: '081200000001',
        channel: 'api',
        serviceId: service.id,
      });
      expect(reordered.statusCode).toBe(201);
      expect(reordered.body).toBe(first.body);
      expect(await countTickets(s.branch.id)).toBe(before + 1);

      const other = await issueWithKey(s, 'idem-key-0001', { ...body, phone: '081200000002' });
      expect(other.statusCode).toBe(422);
      expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await countTickets(s.branch.id)).toBe(before + 1);

      // Without a key, every request is a new ticket.
      const plain1 = await api.issue(s.branch.id, body, { headers: { 'x-api-key': s.apiKey.key } });
      const plain2 = await api.issue(s.branch.id, body, { headers: { 'x-api-key': s.apiKey.key } });
      expect(plain1.json().id).not.toBe(plain2.json().id);
    });

    it('20 concurrent retries of one key → all get the same answer, exactly one ticket row, one number used', async () => {
      const fresh = await buildQueueScenario(t, { serviceCodes: ['D'] });
      const service = fresh.services[0];
      if (!service) throw new Error('service');
      const body = { serviceId: service.id, channel: 'api' };
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => issueWithKey(fresh, 'concurrent-key-1', body)),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(
        statuses.every((code) => code === 201),
        `statuses ${statuses.join(',')}`,
      ).toBe(true);
      const bodies = new Set(responses.map((r) => r.body));
      expect(bodies.size).toBe(1);
      expect(responses[0]?.json()).toMatchObject({ number: 'D001' });
      expect(await countTickets(fresh.branch.id)).toBe(1);
      const sequence = await t.database.db
        .selectFrom('ticket_sequences')
        .select('last_seq')
        .where('branch_id', '=', fresh.branch.id)
        .where('service_id', '=', service.id)
        .executeTakeFirstOrThrow();
      expect(sequence.last_seq).toBe(1);
      const keys = await t.database.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('tenant_id', '=', fresh.tenantId)
        .execute();
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ key: 'concurrent-key-1', status: 'completed', response_status: 201 });
      // The next ticket without the key continues at D002: nothing was burnt.
      const next = await api.issue(fresh.branch.id, body, { headers: { 'x-api-key': fresh.apiKey.key } });
      expect(next.json().number).toBe('D002');
    });

    it('the same key in another tenant is independent', async () => {
      const mine = s.services[0];
      if (!mine) throw new Error('service');
      const other = await buildQueueScenario(t, { serviceCodes: ['C'] });
      const theirs = other.services[0];
      if (!theirs) throw new Error('service');
      const a = await issueWithKey(s, 'shared-key-0001', { serviceId: mine.id, channel: 'api' });
      const b = await issueWithKey(other, 'shared-key-0001', { serviceId: theirs.id, channel: 'api' });
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(b.json().id).not.toBe(a.json().id);
      expect(b.json()).toMatchObject({ branchId: other.branch.id, number: 'C001' });
      expect(await rowsWithId(a.json().id)).toBe(1);
      expect(await rowsWithId(b.json().id)).toBe(1);
    });

    it('the answer is kept for 24 h; after that the key makes a new ticket', async () => {
      const fresh = await buildQueueScenario(t, { serviceCodes: ['E'] });
      const service = fresh.services[0];
      if (!service) throw new Error('service');
      const body = { serviceId: service.id, channel: 'api' };
      const start = t.clock.now();
      try {
        const first = await issueWithKey(fresh, 'day-key-00001', body);
        expect(first.statusCode).toBe(201);
        t.clock.advance(24 * 3600_000 - 1000);
        const stillSame = await issueWithKey(fresh, 'day-key-00001', body);
        expect(stillSame.body).toBe(first.body);
        t.clock.advance(2000);
        const renewed = await issueWithKey(fresh, 'day-key-00001', body);
        expect(renewed.statusCode).toBe(201);
        expect(renewed.json().id).not.toBe(first.json().id);
        // A new branch-local day as well: its own sequence starts again.
        expect(renewed.json().number).toBe('E001');
        expect(await countTickets(fresh.branch.id)).toBe(2);
        // And the renewed key now replays the new answer.
        const replay = await issueWithKey(fresh, 'day-key-00001', body);
        expect(replay.body).toBe(renewed.body);
      } finally {
        t.clock.set(start);
      }
    });
  });
});

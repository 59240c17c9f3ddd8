import { newId } from '@antrean/shared/common/ids';
import { can } from '@antrean/shared/auth/permissions';
import type {
  CurrencyList,
  CurrencyListQuery,
  CurrencyRatesBody,
  UpdateCurrencyBody,
} from '@antrean/shared/contracts/currencies.contract';
import type { Currency, CurrencyValues } from '@antrean/shared/domain/currency';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { LiveBus } from '../../live/bus';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requireTenantStaff } from '../../lib/policy';
import type { Audit } from '../audit/audit.service';
import * as repo from './currency.repository';
import { publishFx } from './display-boards';

const ENTITY = 'currency';

function toCurrency(row: repo.CurrencyRow): Currency {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    flag: row.flag,
    buy: row.buy,
    sell: row.sell,
    bankNoteBuy: row.bank_note_buy,
    bankNoteSell: row.bank_note_sell,
    ttCounterBuy: row.tt_counter_buy,
    ttCounterSell: row.tt_counter_sell,
    sortOrder: row.sort_order,
    updatedAt: Number(row.updated_at),
  };
}

function columns(values: CurrencyValues) {
  return {
    code: values.code,
    name: values.name,
    flag: values.flag,
    buy: values.buy,
    sell: values.sell,
    bank_note_buy: values.bankNoteBuy,
    bank_note_sell: values.bankNoteSell,
    tt_counter_buy: values.ttCounterBuy,
    tt_counter_sell: values.ttCounterSell,
    sort_order: values.sortOrder,
  };
}

/**
 * Foreign currencies (`/dashboard/master/valas`): the tenant's, shown alike by every branch's
 * displays. Each change is audited in its transaction and, after the commit, the FX board goes
 * to every active display of the tenant (`fx.updated`).
 */
export function createCurrencyService(deps: ServiceDeps, audit: Audit, bus: LiveBus) {
  const { uow, clock } = deps;

  function adminTenant(actor: Actor): string {
    const staff = requireTenantStaff(actor);
    if (!can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
    return staff.tenantId;
  }

  async function tellDisplays(tenantId: string): Promise<void> {
    await uow.read((db) => publishFx(db, bus, tenantId));
  }

  async function checkCode(trx: Transaction<DB>, tenantId: string, code: string, exceptId: string | null) {
    if (await repo.codeTaken(trx, tenantId, code, exceptId)) {
      throw new AppError('CURRENCY_CODE_TAKEN', { fields: { code: 'CURRENCY_CODE_TAKEN' } });
    }
  }

  async function list(actor: Actor, query: CurrencyListQuery): Promise<CurrencyList> {
    const tenantId = adminTenant(actor);
    const page = await uow.read((db) => repo.listCurrencyPage(db, tenantId, query));
    return {
      items: page.rows.map(toCurrency),
      total: page.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function create(actor: Actor, body: CurrencyValues): Promise<Currency> {
    const tenantId = adminTenant(actor);
    const created = await uow.transaction(async (trx) => {
      await checkCode(trx, tenantId, body.code, null);
      const now = clock.now();
      const row: repo.CurrencyRow = {
        id: newId(now),
        tenant_id: tenantId,
        ...columns(body),
        created_at: now,
        updated_at: now,
      };
      await repo.insertCurrency(trx, row);
      const currency = toCurrency(row);
      await audit.record(trx, actor, {
        action: 'currency.create',
        entityType: ENTITY,
        entityId: row.id,
        tenantId,
        before: null,
        after: currency,
      });
      return currency;
    });
    await tellDisplays(tenantId);
    return created;
  }

  async function update(actor: Actor, currencyId: string, body: UpdateCurrencyBody): Promise<Currency> {
    const tenantId = adminTenant(actor);
    const values = body;
    const result = await uow.transaction(async (trx) => {
      const row = await repo.findCurrency(trx, tenantId, currencyId);
      if (!row) throw new AppError('NOT_FOUND');
      const before = toCurrency(row);
      if (values.code !== undefined) await checkCode(trx, tenantId, values.code, currencyId);
      const merged: CurrencyValues = {
        code: values.code ?? before.code,
        name: values.name ?? before.name,
        flag: values.flag === undefined ? before.flag : values.flag,
        buy: values.buy ?? before.buy,
        sell: values.sell ?? before.sell,
        bankNoteBuy: values.bankNoteBuy === undefined ? before.bankNoteBuy : values.bankNoteBuy,
        bankNoteSell: values.bankNoteSell === undefined ? before.bankNoteSell : values.bankNoteSell,
        ttCounterBuy: values.ttCounterBuy === undefined ? before.ttCounterBuy : values.ttCounterBuy,
        ttCounterSell: values.ttCounterSell === undefined ? before.ttCounterSell : values.ttCounterSell,
        sortOrder: values.sortOrder ?? before.sortOrder,
      };
      const unchanged = toCurrency({ ...row, ...columns(merged) });
      if (JSON.stringify(unchanged) === JSON.stringify(before)) return { after: before, changed: false };
      const now = clock.now();
      await repo.updateCurrency(trx, tenantId, currencyId, { ...columns(merged), updated_at: now });
      const after = toCurrency({ ...row, ...columns(merged), updated_at: now });
      await audit.record(trx, actor, {
        action: 'currency.update',
        entityType: ENTITY,
        entityId: currencyId,
        tenantId,
        before,
        after,
      });
      return { after, changed: true };
    });
    if (result.changed) await tellDisplays(tenantId);
    return result.after;
  }

  /**
   * The rates form: every listed currency gets its rates, all or nothing; a currency of another
   * tenant (or unknown) is NOT_FOUND and nothing changes. One audit entry per currency changed.
   */
  async function updateRates(actor: Actor, body: CurrencyRatesBody): Promise<Currency[]> {
    const tenantId = adminTenant(actor);
    const rates = body.rates;
    const ids = new Set(rates.map((r) => r.id));
    if (ids.size !== rates.length) {
      throw new AppError('VALIDATION_FAILED', { fields: { rates: 'v.invalid' } });
    }
    const all = await uow.transaction(async (trx) => {
      const now = clock.now();
      for (const rate of rates) {
        const row = await repo.findCurrency(trx, tenantId, rate.id);
        if (!row) throw new AppError('NOT_FOUND');
        const before = toCurrency(row);
        const next = {
          buy: rate.buy,
          sell: rate.sell,
          bank_note_buy: rate.bankNoteBuy,
          bank_note_sell: rate.bankNoteSell,
          tt_counter_buy: rate.ttCounterBuy,
          tt_counter_sell: rate.ttCounterSell,
        };
        const after = toCurrency({ ...row, ...next, updated_at: now });
        if (JSON.stringify({ ...after, updatedAt: 0 }) === JSON.stringify({ ...before, updatedAt: 0 })) {
          continue;
        }
        await repo.updateCurrency(trx, tenantId, rate.id, { ...next, updated_at: now });
        await audit.record(trx, actor, {
          action: 'currency.rates',
          entityType: ENTITY,
          entityId: rate.id,
          tenantId,
          before,
          after,
        });
      }
      return repo.listCurrencies(trx, tenantId);
    });
    await tellDisplays(tenantId);
    return all.map(toCurrency);
  }

  async function remove(actor: Actor, currencyId: string): Promise<void> {
    const tenantId = adminTenant(actor);
    await uow.transaction(async (trx) => {
      const row = await repo.findCurrency(trx, tenantId, currencyId);
      if (!row) throw new AppError('NOT_FOUND');
      await repo.deleteCurrency(trx, tenantId, currencyId);
      await audit.record(trx, actor, {
        action: 'currency.delete',
        entityType: ENTITY,
        entityId: currencyId,
        tenantId,
        before: toCurrency(row),
        after: null,
      });
    });
    await tellDisplays(tenantId);
  }

  return { list, create, update, updateRates, remove };
}

export type CurrencyService = ReturnType<typeof createCurrencyService>;

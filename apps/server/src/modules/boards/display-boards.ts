import { VOICE_MODES } from '@antrean/shared/voice/announcement';
import type { DisplayFx, DisplayRates, DisplayVoice } from '@antrean/shared/live/events';
import type { LiveBus } from '../../live/bus';
import type { Db } from '../../lib/uow';
import { listCurrencies, type CurrencyRow } from './currency.repository';
import { activeDisplayCodes } from './display-boards.repository';
import { readActiveProducts } from './product.repository';
import { activeDisplays, findDisplayVoiceMode, listVoices, type VoiceRow } from './voice.repository';

/**
 * The boards of the waiting room (FX rates, …) as the displays get them: in the display's
 * snapshot when it subscribes or reconnects, and as an event on every active display of the
 * tenant when an admin changes them (after the commit).
 */
function toDisplayFx(rows: readonly CurrencyRow[]): DisplayFx {
  return {
    currencies: rows.map((c) => ({
      code: c.code,
      name: c.name,
      flag: c.flag,
      buy: c.buy,
      sell: c.sell,
      bankNoteBuy: c.bank_note_buy,
      bankNoteSell: c.bank_note_sell,
      ttCounterBuy: c.tt_counter_buy,
      ttCounterSell: c.tt_counter_sell,
    })),
    updatedAt: rows.length === 0 ? null : Math.max(...rows.map((c) => Number(c.updated_at))),
  };
}

export async function readDisplayFx(db: Db, tenantId: string): Promise<DisplayFx> {
  return toDisplayFx(await listCurrencies(db, tenantId));
}

/** Sends the tenant's FX board to each of its active displays. */
export async function publishFx(db: Db, bus: LiveBus, tenantId: string): Promise<void> {
  const [fx, codes] = await Promise.all([readDisplayFx(db, tenantId), activeDisplayCodes(db, tenantId)]);
  for (const code of codes) {
    bus.publish({ kind: 'topic', topic: `display:${code}`, type: 'fx.updated', data: fx });
  }
}

/** The interest-rate board: the tenant's active products with their items. */
export async function readDisplayRates(db: Db, tenantId: string): Promise<DisplayRates> {
  const { products, items } = await readActiveProducts(db, tenantId);
  return {
    products: products.map((p) => ({
      name: p.name,
      items: items
        .filter((i) => i.product_id === p.id)
        .map((i) => ({ name: i.name, percentage: i.percentage })),
    })),
  };
}

/** Sends the tenant's interest-rate board to each of its active displays. */
export async function publishRates(db: Db, bus: LiveBus, tenantId: string): Promise<void> {
  const [rates, codes] = await Promise.all([
    readDisplayRates(db, tenantId),
    activeDisplayCodes(db, tenantId),
  ]);
  for (const code of codes) {
    bus.publish({ kind: 'topic', topic: `display:${code}`, type: 'rates.updated', data: rates });
  }
}

/**
 * How one display speaks: the branch's voice row, else the tenant's; the display's own mode
 * (`/dashboard/master/display`) overrides the mode. Without any row: Indonesian, numbers as words.
 */
function displayVoice(rows: readonly VoiceRow[], branchId: string, displayMode: string | null): DisplayVoice {
  const voice = rows.find((v) => v.branch_id === branchId) ?? rows.find((v) => v.branch_id === null);
  return {
    mode: VOICE_MODES.find((m) => m === (displayMode ?? voice?.mode)) ?? 'voice_id',
    numberStyle: voice?.number_style === 'digits' ? 'digits' : 'number',
    templateId: voice?.template_id ?? null,
    templateEn: voice?.template_en ?? null,
    rate: voice?.rate ?? 1,
    pitch: voice?.pitch ?? 1,
    volume: voice?.volume ?? 1,
    voiceNameId: voice?.voice_name_id ?? null,
    voiceNameEn: voice?.voice_name_en ?? null,
    repeat: voice?.repeat_count ?? 1,
  };
}

export async function readDisplayVoice(
  db: Db,
  tenantId: string,
  branchId: string,
  displayId: string,
): Promise<DisplayVoice> {
  const [rows, display] = await Promise.all([
    listVoices(db, tenantId),
    findDisplayVoiceMode(db, tenantId, displayId),
  ]);
  return displayVoice(rows, branchId, display?.voice_mode ?? null);
}

/** Sends each active display of the tenant how it speaks from now on. */
export async function publishVoice(db: Db, bus: LiveBus, tenantId: string): Promise<void> {
  const [rows, displays] = await Promise.all([listVoices(db, tenantId), activeDisplays(db, tenantId)]);
  for (const d of displays) {
    bus.publish({
      kind: 'topic',
      topic: `display:${d.code}`,
      type: 'voice.updated',
      data: displayVoice(rows, d.branch_id, d.voice_mode),
    });
  }
}

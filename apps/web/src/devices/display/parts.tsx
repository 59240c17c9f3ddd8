import { useEffect, useId, useMemo, useState } from 'react';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import { formatDecimal } from '@antrean/shared/common/decimal';
import { shownFlag } from '@/lib/flag-emoji';
import type { Language } from '@antrean/shared/i18n/lang';
import type catalogues from '../../locales-devices/display.json';
import type { DisplayCounter, DisplayState, PublicTicket } from './display-state';

type DisplayKey = Extract<keyof (typeof catalogues)['id'], string>;
export type Translate = (key: DisplayKey, params?: Record<string, string | number>) => string;

export interface LayoutProps {
  config: DisplayConfig;
  state: DisplayState;
  /** Tickets highlighted right now (a fresh call). */
  flashing: ReadonlySet<string>;
  t: Translate;
  lang: Language;
  /** pos-display: the counter shown. */
  posCounterId: string | null;
}

const LOCALE: Record<Language, string> = { id: 'id-ID', en: 'en-GB' };

export function statusLabel(ticket: PublicTicket | null, t: Translate): string {
  if (!ticket) return t('counterIdle');
  if (ticket.status === 'calling') return t('statusCalling');
  if (ticket.status === 'serving') return t('statusServing');
  return t('statusCalled');
}

function counterName(state: DisplayState, counterId: string | null): string {
  return state.counters.find((c) => c.id === counterId)?.name ?? '';
}

function safeFormat(
  lang: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(LOCALE[lang], { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat(LOCALE[lang], options);
  }
}

/** The branch's local time (its own state: only this re-renders every second). */
export function Clock({
  timeZone,
  lang,
  t,
  showDate = true,
}: {
  timeZone: string;
  lang: Language;
  t: Translate;
  showDate?: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const time = useMemo(
    () => safeFormat(lang, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    [lang, timeZone],
  );
  const date = useMemo(
    () => safeFormat(lang, timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    [lang, timeZone],
  );
  return (
    <div className="dsp-clock" aria-label={t('clock')}>
      <time className="dsp-clock-time">{time.format(now)}</time>
      {showDate && <span className="dsp-clock-date">{date.format(now)}</span>}
    </div>
  );
}

export function Header({ config, state, t, lang }: Pick<LayoutProps, 'config' | 'state' | 't' | 'lang'>) {
  const branchName = config.branch.name || state.branch.name;
  return (
    <header className="dsp-header">
      <div className="dsp-brand">
        {config.theme.logoUrl && (
          <img className="dsp-logo" src={config.theme.logoUrl} alt={config.tenantName} />
        )}
        <div>
          <p className="dsp-tenant">{config.tenantName}</p>
          <h1 className="dsp-branch">{branchName}</h1>
        </div>
      </div>
      <Clock timeZone={config.branch.timeZone || state.branch.timeZone} lang={lang} t={t} />
    </header>
  );
}

function useRotation(count: number, ms: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count < 2) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ms);
    return () => clearInterval(timer);
  }, [count, ms]);
  return count === 0 ? 0 : index % count;
}

/** FX and interest-rate boards, rotating in the side panel (a page of rows at a time). */
export function BoardsPanel({
  config,
  state,
  t,
  lang,
}: Pick<LayoutProps, 'config' | 'state' | 't' | 'lang'>) {
  const headingId = useId();
  const updated = useMemo(
    () =>
      new Intl.DateTimeFormat(LOCALE[lang], {
        timeZone: config.branch.timeZone || state.branch.timeZone,
        day: '2-digit',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }),
    [lang, config.branch.timeZone, state.branch.timeZone],
  );
  // Rates are exact decimal strings: grouped for reading, never through a float.
  const fmt = (n: string | null) => (n === null ? '—' : formatDecimal(n, LOCALE[lang]));
  const rows = 6;
  const { currencies, updatedAt } = state.fx;
  const fxPages: { kind: 'fx'; currencies: typeof currencies }[] = [];
  for (let i = 0; i < currencies.length; i += rows) {
    fxPages.push({ kind: 'fx', currencies: currencies.slice(i, i + rows) });
  }
  const ratePages = state.rates.products
    .filter((p) => p.items.length > 0)
    .map((product) => ({ kind: 'rates' as const, product }));
  const all = [...fxPages, ...ratePages];
  const index = useRotation(all.length, 15_000);
  const page = all[index];
  if (!page) return null;
  return (
    <section className="dsp-board" aria-labelledby={headingId}>
      {page.kind === 'fx' ? (
        <>
          <h2 id={headingId}>{t('fxBoard')}</h2>
          <table className="dsp-table">
            <thead>
              <tr>
                <th rowSpan={2} scope="col">
                  {t('currency')}
                </th>
                <th colSpan={2} scope="colgroup">
                  {t('eRate')}
                </th>
                <th colSpan={2} scope="colgroup">
                  {t('bankNotes')}
                </th>
                <th colSpan={2} scope="colgroup">
                  {t('ttCounter')}
                </th>
              </tr>
              <tr>
                {[0, 1, 2].map((i) => (
                  <FxPair key={i} t={t} />
                ))}
              </tr>
            </thead>
            <tbody>
              {page.currencies.map((c) => (
                <tr key={c.code}>
                  <th scope="row">
                    {shownFlag(c.flag) && (
                      <span className="dsp-fx-flag" aria-hidden="true">
                        {shownFlag(c.flag)}
                      </span>
                    )}
                    <span className="dsp-fx-code" title={c.name}>
                      {c.code}
                    </span>
                  </th>
                  <td>{fmt(c.buy)}</td>
                  <td>{fmt(c.sell)}</td>
                  <td>{fmt(c.bankNoteBuy)}</td>
                  <td>{fmt(c.bankNoteSell)}</td>
                  <td>{fmt(c.ttCounterBuy)}</td>
                  <td>{fmt(c.ttCounterSell)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {updatedAt !== null && (
            <p className="dsp-board-updated">{t('fxUpdated', { time: updated.format(updatedAt) })}</p>
          )}
        </>
      ) : (
        <>
          <h2 id={headingId}>
            {t('ratesBoard')} · {page.product.name}
          </h2>
          <table className="dsp-table">
            <thead>
              <tr>
                <th scope="col">{t('product')}</th>
                <th scope="col">{t('rate')}</th>
              </tr>
            </thead>
            <tbody>
              {page.product.items.map((item) => (
                <tr key={item.name}>
                  <th scope="row">{item.name}</th>
                  <td>{formatDecimal(item.percentage, LOCALE[lang])} %</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function FxPair({ t }: { t: Translate }) {
  return (
    <>
      <th scope="col">{t('buy')}</th>
      <th scope="col">{t('sell')}</th>
    </>
  );
}

/** One counter: its name (the tile's accessible name), current number and status. */
export function CounterTile({
  counter,
  flashing,
  t,
  size = 'normal',
}: {
  counter: DisplayCounter;
  flashing: boolean;
  t: Translate;
  size?: 'normal' | 'large';
}) {
  const headingId = useId();
  const current = counter.current;
  return (
    <section
      className={`dsp-counter dsp-counter-${size}${flashing ? ' is-flashing' : ''}${current ? '' : ' is-idle'}`}
      aria-labelledby={headingId}
      data-counter-id={counter.id}
    >
      <h2 id={headingId} className="dsp-counter-name">
        {counter.name}
      </h2>
      <p className="dsp-counter-number">{current ? current.number : '—'}</p>
      <p className="dsp-counter-status">{statusLabel(current, t)}</p>
    </section>
  );
}

export function RecentCalls({
  state,
  t,
  limit = 6,
  flashing,
}: {
  state: DisplayState;
  t: Translate;
  limit?: number;
  flashing: ReadonlySet<string>;
}) {
  const headingId = useId();
  const calls = state.recentCalls.slice(0, limit);
  return (
    <section className="dsp-recent" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('latestCalls')}</h2>
      {calls.length === 0 ? (
        <p className="dsp-muted">{t('noCalls')}</p>
      ) : (
        <ol className="dsp-recent-list">
          {calls.map((ticket) => (
            <li key={ticket.id} className={flashing.has(ticket.id) ? 'is-flashing' : undefined}>
              <span className="dsp-recent-number">{ticket.number}</span>
              <span className="dsp-recent-counter">{counterName(state, ticket.counterId)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function WaitingList({ state, t }: { state: DisplayState; t: Translate }) {
  const headingId = useId();
  if (state.services.length === 0) return null;
  return (
    <section className="dsp-waiting" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('waitingPerService')}</h2>
      <ul className="dsp-waiting-list">
        {state.services.map((s) => (
          <li key={s.id}>
            <span className="dsp-waiting-code">{s.code}</span>
            <span className="dsp-waiting-name">{s.name}</span>
            <span className="dsp-waiting-count">{t('waitingCount', { count: s.waiting })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The latest call as a big hero (modern and videowall layouts). */
export function NowCalling({
  state,
  flashing,
  t,
  big = false,
}: {
  state: DisplayState;
  flashing: ReadonlySet<string>;
  t: Translate;
  big?: boolean;
}) {
  const headingId = useId();
  const ticket = state.recentCalls[0] ?? null;
  return (
    <section
      className={`dsp-hero${big ? ' dsp-hero-big' : ''}${ticket && flashing.has(ticket.id) ? ' is-flashing' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="dsp-hero-title">
        {t('nowCalling')}
      </h2>
      <p className="dsp-hero-number">{ticket ? ticket.number : '—'}</p>
      <p className="dsp-hero-counter">
        {ticket ? t('toCounter', { counter: counterName(state, ticket.counterId) }) : t('noCalls')}
      </p>
    </section>
  );
}

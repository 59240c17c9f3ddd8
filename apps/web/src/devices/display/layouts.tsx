import type { ReactNode } from 'react';
import {
  BoardsPanel,
  Clock,
  CounterTile,
  Header,
  NowCalling,
  RecentCalls,
  WaitingList,
  statusLabel,
  type LayoutProps,
} from './parts';
import { Marquee, MediaArea } from './media';

/** The counters of the branch, one tile each (grid or row, by class). */
function CounterList({
  className,
  state,
  flashing,
  t,
}: Pick<LayoutProps, 'state' | 'flashing' | 't'> & { className: string }) {
  return (
    <div className={className} role="list" aria-label={t('counters')}>
      {state.counters.map((counter) => (
        <div role="listitem" key={counter.id}>
          <CounterTile
            counter={counter}
            flashing={counter.current ? flashing.has(counter.current.id) : false}
            t={t}
          />
        </div>
      ))}
    </div>
  );
}

/** The slim header of the big and POS screens: a title and the time without the date. */
function BigHeader({
  config,
  state,
  t,
  lang,
  children,
}: Pick<LayoutProps, 'config' | 'state' | 't' | 'lang'> & { children: ReactNode }) {
  return (
    <header className="dsp-big-header">
      {children}
      <Clock timeZone={config.branch.timeZone || state.branch.timeZone} lang={lang} t={t} showDate={false} />
    </header>
  );
}

/** `/display/:id`: counters, latest calls, media, FX and interest boards, running text. */
export function ClassicLayout(props: LayoutProps) {
  const { config, state, flashing, t, lang } = props;
  const hasBoards = state.fx.currencies.length > 0 || state.rates.products.some((p) => p.items.length > 0);
  return (
    <div className="dsp-layout dsp-classic">
      <Header config={config} state={state} t={t} lang={lang} />
      <main className="dsp-classic-main">
        <div className="dsp-classic-left">
          <CounterList className="dsp-counter-grid" state={state} flashing={flashing} t={t} />
          <RecentCalls state={state} t={t} flashing={flashing} />
        </div>
        <div className="dsp-classic-right">
          <MediaArea config={config} t={t} />
          {hasBoards && <BoardsPanel config={config} state={state} t={t} lang={lang} />}
        </div>
      </main>
      <Marquee texts={config.runningTexts} t={t} />
    </div>
  );
}

/** `/new-display/:id`: a big "now calling" hero, the counters in a row, waiting per service. */
export function ModernLayout(props: LayoutProps) {
  const { config, state, flashing, t, lang } = props;
  return (
    <div className="dsp-layout dsp-modern">
      <Header config={config} state={state} t={t} lang={lang} />
      <main className="dsp-modern-main">
        <div className="dsp-modern-top">
          <NowCalling state={state} flashing={flashing} t={t} />
          <div className="dsp-modern-side">
            <MediaArea config={config} t={t} />
            <WaitingList state={state} t={t} />
          </div>
        </div>
        <CounterList className="dsp-counter-row" state={state} flashing={flashing} t={t} />
      </main>
      <Marquee texts={config.runningTexts} t={t} />
    </div>
  );
}

/** `/big-display/:id` (videowall): very large numbers, few elements. */
export function BigLayout(props: LayoutProps) {
  const { config, state, flashing, t, lang } = props;
  const others = state.recentCalls.slice(1, 4);
  return (
    <div className="dsp-layout dsp-big">
      <BigHeader config={config} state={state} t={t} lang={lang}>
        <h1 className="dsp-branch">{config.branch.name || state.branch.name}</h1>
      </BigHeader>
      <main className="dsp-big-main">
        <NowCalling state={state} flashing={flashing} t={t} big />
        {others.length > 0 && (
          <ol className="dsp-big-others" aria-label={t('latestCalls')}>
            {others.map((ticket) => (
              <li key={ticket.id}>
                <span className="dsp-recent-number">{ticket.number}</span>
                <span className="dsp-recent-counter">
                  {state.counters.find((c) => c.id === ticket.counterId)?.name ?? ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </main>
    </div>
  );
}

/** `/pos-display/:id`: one counter's own screen. */
export function PosLayout(props: LayoutProps) {
  const { config, state, flashing, t, lang, posCounterId } = props;
  const counter = state.counters.find((c) => c.id === posCounterId);
  const current = counter?.current ?? null;
  return (
    <div className="dsp-layout dsp-pos">
      <BigHeader config={config} state={state} t={t} lang={lang}>
        <p className="dsp-tenant">{config.tenantName}</p>
      </BigHeader>
      <main className={`dsp-pos-main${current && flashing.has(current.id) ? ' is-flashing' : ''}`}>
        {!posCounterId && <p className="dsp-message">{t('posNoCounter')}</p>}
        {posCounterId && !counter && <p className="dsp-message">{t('posCounterMissing')}</p>}
        {counter && (
          <section className="dsp-pos-counter" aria-labelledby="dsp-pos-name" data-counter-id={counter.id}>
            <h1 id="dsp-pos-name" className="dsp-pos-name">
              {counter.name}
            </h1>
            <p className="dsp-pos-label">{t('posCurrent')}</p>
            <p className="dsp-pos-number">{current ? current.number : '—'}</p>
            <p className="dsp-counter-status">{statusLabel(current, t)}</p>
          </section>
        )}
      </main>
    </div>
  );
}

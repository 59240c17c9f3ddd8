import {
  BoardsPanel,
  Clock,
  CounterTile,
  Header,
  Marquee,
  MediaArea,
  NowCalling,
  RecentCalls,
  WaitingList,
  statusLabel,
  type LayoutProps,
} from './parts';

/** `/display/:id`: counters, latest calls, media, FX and interest boards, running text. */
export function ClassicLayout(props: LayoutProps) {
  const { config, state, flashing, t, lang } = props;
  const hasBoards = config.currencies.length > 0 || config.products.some((p) => p.items.length > 0);
  return (
    <div className="dsp-layout dsp-classic">
      <Header config={config} state={state} t={t} lang={lang} />
      <main className="dsp-classic-main">
        <div className="dsp-classic-left">
          <div className="dsp-counter-grid" role="list" aria-label={t('counters')}>
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
          <RecentCalls state={state} t={t} flashing={flashing} />
        </div>
        <div className="dsp-classic-right">
          <MediaArea config={config} t={t} />
          {hasBoards && <BoardsPanel config={config} t={t} lang={lang} />}
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
        <div className="dsp-counter-row" role="list" aria-label={t('counters')}>
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
      <header className="dsp-big-header">
        <h1 className="dsp-branch">{config.branch.name || state.branch.name}</h1>
        <Clock
          timeZone={config.branch.timeZone || state.branch.timeZone}
          lang={lang}
          t={t}
          showDate={false}
        />
      </header>
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
      <header className="dsp-big-header">
        <p className="dsp-tenant">{config.tenantName}</p>
        <Clock
          timeZone={config.branch.timeZone || state.branch.timeZone}
          lang={lang}
          t={t}
          showDate={false}
        />
      </header>
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

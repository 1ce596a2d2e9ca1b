import { subtractDecimals } from '@wl/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ActiveSeeds, BootData, HouseReply, RoundView } from '../api.js';
import { createHouseApi, errorCodeOf, type ClientErrorCode } from './api-client.js';
import { GameContext, type GameContextValue } from './context.js';
import { formatter } from './format.js';
import { CLIENT_GAMES } from './games/index.js';
import { localeTag, resolveLocale, translator, type MessageKey } from './i18n/index.js';
import { SoundBoard } from './sound.js';
import { singleFlight } from './single-flight.js';
import { defaultStake } from './stake.js';
import { FairModal } from './ui/FairModal.js';
import { HistoryPanel } from './ui/HistoryPanel.js';
import { Icon } from './ui/icons.js';
import { RulesModal } from './ui/RulesModal.js';

type GameState = HouseReply<'state'>;
type Panel = { kind: 'rules' } | { kind: 'history' } | { kind: 'fair'; round: RoundView | null } | null;

/** The game page: the top bar, the error line, the game, and the rules, history and fairness panels. */
export function App({ boot }: { boot: BootData }) {
  const locale = resolveLocale(boot.locale);
  const t = useMemo(() => translator(locale), [locale]);
  const fmt = useMemo(() => formatter(localeTag(locale), boot.currency), [locale, boot.currency]);
  const api = useMemo(() => createHouseApi({ apiBase: boot.apiBase, session: boot.session }), [boot.apiBase, boot.session]);
  const sound = useMemo(() => new SoundBoard(), []);
  const [soundOn, setSoundOn] = useState(sound.enabled);
  const [state, setState] = useState<GameState | null>(null);
  const [loadError, setLoadError] = useState<ClientErrorCode | null>(null);
  const [balance, setBalance] = useState('0');
  const [seeds, setSeeds] = useState<ActiveSeeds | null>(null);
  const [stake, setStake] = useState('1');
  const [error, setError] = useState<ClientErrorCode | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  /** One round call at a time: a double click must not bet twice. */
  const oneAtATime = useMemo(() => singleFlight(), []);
  const game = CLIENT_GAMES[boot.game];

  useEffect(() => {
    document.documentElement.lang = localeTag(locale);
    document.title = game ? t(`game.${boot.game}` as MessageKey) : t('shell.unavailable');
  }, [locale, t, game, boot.game]);

  const loaded = useCallback((reply: GameState) => {
    setState(reply);
    setBalance(reply.balance);
    setSeeds(reply.seeds);
    setStake(defaultStake(reply.limits));
  }, []);
  const failed = useCallback((failure: unknown) => setLoadError(errorCodeOf(failure)), []);
  useEffect(() => {
    api.call('state', {}).then(loaded, failed);
  }, [api, loaded, failed]);
  const retry = () => {
    setLoadError(null);
    api.call('state', {}).then(loaded, failed);
  };

  const reportError = useCallback((code: ClientErrorCode) => setError(code), []);

  const roundCall = useCallback(
    (call: () => Promise<HouseReply<'start'>>, takesStake: boolean) =>
      oneAtATime(async () => {
        setError(null);
        try {
          const reply = await call();
          // The stake leaves the balance at once; the win shows when the game has shown the outcome.
          if (takesStake) setBalance((shown) => subtractDecimals(shown, reply.round.stake));
          setSeeds((known) => (known ? { ...known, nonce: Math.max(known.nonce, reply.round.fair.nonce + 1) } : known));
          return reply;
        } catch (failure) {
          setError(errorCodeOf(failure));
          sound.play('lose');
          return null;
        }
      }),
    [sound, oneAtATime],
  );
  const start = useCallback((bet: unknown) => roundCall(() => api.call('start', { bet }), true), [api, roundCall]);
  const act = useCallback((roundId: string, action: unknown) => roundCall(() => api.call('act', { roundId, action }), false), [api, roundCall]);

  const context = useMemo<GameContextValue | null>(() => {
    if (!state) return null;
    return {
      boot,
      api,
      t,
      fmt,
      sound,
      limits: state.limits,
      balance,
      openRound: state.openRound && state.openRound.game === boot.game ? state.openRound : null,
      stake,
      setStake,
      start,
      act,
      showBalance: setBalance,
      reportError,
    };
  }, [state, boot, api, t, fmt, sound, balance, stake, start, act, reportError]);

  const closePanel = useCallback(() => setPanel(null), []);
  const title = game ? t(`game.${boot.game}` as MessageKey) : t('shell.unavailable');

  return (
    <div className="hg-app" data-game={boot.game}>
      <header className="hg-bar">
        {boot.returnUrl ? (
          <a className="hg-icon-button" href={boot.returnUrl} target="_top" aria-label={t('shell.back')}>
            <Icon name="back" />
          </a>
        ) : null}
        <h1 className="hg-bar__title">{title}</h1>
        {boot.demo ? <span className="hg-demo">{t('shell.demo')}</span> : null}
        <div className="hg-bar__balance" aria-live="polite">
          <span className="hg-bar__label">{t('shell.balance')}</span>
          <strong data-testid="balance">{state ? fmt.money(balance) : '…'}</strong>
        </div>
        <div className="hg-bar__tools">
          <button
            type="button"
            className="hg-icon-button"
            aria-label={t('shell.sound')}
            aria-pressed={soundOn}
            onClick={() => {
              sound.setEnabled(!soundOn);
              setSoundOn(!soundOn);
              if (!soundOn) sound.play('click');
            }}
          >
            <Icon name={soundOn ? 'soundOn' : 'soundOff'} />
          </button>
          <button
            type="button"
            className="hg-icon-button"
            aria-label={t('shell.rules')}
            disabled={!context || !game}
            onClick={() => setPanel({ kind: 'rules' })}
          >
            <Icon name="rules" />
          </button>
          <button
            type="button"
            className="hg-icon-button"
            aria-label={t('shell.history')}
            disabled={!context || !game}
            onClick={() => setPanel({ kind: 'history' })}
          >
            <Icon name="history" />
          </button>
          <button
            type="button"
            className="hg-icon-button"
            aria-label={t('shell.fair')}
            disabled={!context || !game}
            onClick={() => setPanel({ kind: 'fair', round: null })}
          >
            <Icon name="fair" />
          </button>
        </div>
      </header>
      {error ? (
        <div className="hg-error" role="alert" data-code={error}>
          <span>{t(`error.${error}`)}</span>
          <button type="button" className="hg-icon-button" aria-label={t('shell.dismiss')} onClick={() => setError(null)}>
            ✕
          </button>
        </div>
      ) : null}
      <main className="hg-main">
        {!game ? (
          <p className="hg-centre">{t('shell.unavailable')}</p>
        ) : loadError ? (
          <div className="hg-centre" role="alert">
            <p>{t(`error.${loadError}`)}</p>
            {loadError !== 'SESSION_EXPIRED' ? (
              <button type="button" className="hg-primary" onClick={retry}>
                {t('shell.retry')}
              </button>
            ) : null}
          </div>
        ) : context ? (
          <GameContext.Provider value={context}>
            <game.Play />
          </GameContext.Provider>
        ) : (
          <p className="hg-centre">{t('shell.loading')}</p>
        )}
      </main>
      {context && game && state && panel ? (
        <GameContext.Provider value={context}>
          {panel.kind === 'rules' ? <RulesModal game={game} rtp={state.game.rtp} onClose={closePanel} /> : null}
          {panel.kind === 'history' ? <HistoryPanel game={game} onClose={closePanel} onVerify={(round) => setPanel({ kind: 'fair', round })} /> : null}
          {panel.kind === 'fair' && seeds ? <FairModal game={game} seeds={seeds} round={panel.round} onSeeds={setSeeds} onClose={closePanel} /> : null}
        </GameContext.Provider>
      ) : null}
    </div>
  );
}

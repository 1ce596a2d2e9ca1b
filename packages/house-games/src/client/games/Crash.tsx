import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { memo, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CrashBetLine, RoundView } from '../../api.js';
import { CRASH_BETTING_MS, CRASH_MIN_CASHOUT, CRASH_PAUSE_MS, type CrashBetView } from '../../games/crash.js';
import { hundredthsOf, hundredthsText, winOf } from '../../games/money.js';
import { useGame } from '../context.js';
import type { Formatter } from '../format.js';
import { localeTag, resolveLocale, type Translate } from '../i18n/index.js';
import { StakeControl } from '../ui/StakeControl.js';
import type { ClientGame } from './client-game.js';
import { crashTier, frameAt } from './crash-clock.js';
import { currentBet, laterBet, useCrashFeed, useFrameTime, type CrashFeed } from './crash-feed.js';
import { CrashStage } from './crash-stage.js';
import './crash.css';

/*
 * Rocket, the crash game's page (games/crash.ts, ADR 0032): rounds shared by every player of the
 * site. The page polls the round (crash-feed.ts), animates the multiplier on its own clock
 * (crash-clock.ts), bets during the betting phase and cashes out during the flight. The server
 * decides every payout; what the page shows between two polls is only a prediction of it.
 */

/** A typed automatic cash-out: a multiplier with at most two decimals, 1.01 or more. */
const TYPED_MULTIPLIER = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;
const MAX_AUTO_HUNDREDTHS = 100_000_000n;

/** The typed auto cash-out as the bet sends it ("2.5" → "2.50"), or null when it is not valid. */
export function parseAutoCashout(typed: string): string | null {
  const match = TYPED_MULTIPLIER.exec(typed.trim());
  if (!match) return null;
  const hundredths = hundredthsOf(`${match[1]}.${match[2] ?? '0'}`);
  if (hundredths < hundredthsOf(CRASH_MIN_CASHOUT) || hundredths > MAX_AUTO_HUNDREDTHS) return null;
  return hundredthsText(hundredths);
}

/** stake × multiplier, rounded down to a cent as the game pays it. */
function payout(stake: string, multiplier: string | bigint): string {
  const hundredths = typeof multiplier === 'bigint' ? multiplier : hundredthsOf(multiplier);
  return fromMinorUnits(winOf(toMinorUnits(stake), hundredths), { trim: true });
}

/** A key press meant for the page, not for a control that handles Space itself. */
function isPageSpace(event: KeyboardEvent): boolean {
  if (event.key !== ' ' || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return true;
  return !target.closest('input, textarea, select, button, a, [contenteditable], dialog, [role="button"]');
}

function CrashPlay() {
  const { t, fmt, api, stake, start, act, showBalance, sound, reportError } = useGame();
  const { feed, offsetMs, lost } = useCrashFeed(api, reportError);
  const now = useFrameTime();
  /** The player's bet as the last reply of `start` or `act` gave it. */
  const [repliedBet, setBet] = useState<RoundView | null>(null);
  const [busy, setBusy] = useState(false);
  const [autoOn, setAutoOn] = useState(false);
  const [autoTyped, setAutoTyped] = useState('2.00');
  const autoCashout = parseAutoCashout(autoTyped);
  const autoInvalid = autoOn && autoCashout === null;
  /** Bets whose settlement was already shown (the balance refreshed once per bet). */
  const settledSeen = useRef(new Set<string>());
  /** Bets whose automatic cash-out was already celebrated. */
  const autoSeen = useRef(new Set<string>());
  /** The rounds whose take-off and crash were already heard. */
  const heard = useRef({ takeoff: 0, crash: 0 });

  // The poll's copy of the bet, unless the page holds a newer one (a cash-out's reply).
  const bet = currentBet(repliedBet, feed?.myBet ?? null);

  const round = feed?.round ?? null;
  const bettingMs = round?.bettingMs;
  const pauseMs = feed?.pauseMs;
  useEffect(() => {
    if (bettingMs !== undefined && pauseMs !== undefined) shownTimetable = { bettingMs, pauseMs };
  }, [bettingMs, pauseMs]);
  // A bet that leaves 'open' is paid (or lost): the balance comes from the wallet once. The next
  // round's start is the latest moment for it (the server settles a round just after its crash).
  const betRound = bet ? (bet.view as CrashBetView).round : null;
  const settledNow = bet !== null && (bet.status !== 'open' || (round !== null && betRound !== null && round.round > betRound));
  useEffect(() => {
    if (!bet || !settledNow || settledSeen.current.has(bet.id)) return;
    settledSeen.current.add(bet.id);
    api.call('state', {}).then(
      (reply) => showBalance(reply.balance),
      () => undefined,
    );
  }, [bet, settledNow, api, showBalance]);
  const frame = round && feed ? frameAt(round, now + offsetMs, feed.growthPerMs) : null;
  const betView = bet ? (bet.view as CrashBetView) : null;
  const betInRound = bet !== null && round !== null && betView?.round === round.round ? bet : null;
  const myView = betInRound ? (betInRound.view as CrashBetView) : null;
  // The automatic cash-out is shown as soon as the live multiplier reaches it (the server pays it at the crash).
  const autoReached =
    myView !== null &&
    myView.cashedOut === null &&
    myView.autoCashout !== null &&
    frame !== null &&
    frame.phase !== 'betting' &&
    frame.hundredths >= hundredthsOf(myView.autoCashout);
  const myCashout = myView?.cashedOut ?? (autoReached ? myView!.autoCashout : null);
  const flyingWithBet = frame?.phase === 'flying' && betInRound !== null && betInRound.status === 'open' && myCashout === null;
  // A cash-out at 1.00 would give the stake back: the server refuses it, so the button waits for 1.01.
  const canCashOut = flyingWithBet && frame.hundredths >= hundredthsOf(CRASH_MIN_CASHOUT) && !busy;

  // Sounds: take-off, the automatic cash-out's chime, the crash (only for a round this page saw flying).
  useEffect(() => {
    if (!round || !frame) return;
    if (frame.phase === 'flying' && heard.current.takeoff !== round.round) {
      heard.current.takeoff = round.round;
      sound.play('liftoff');
    }
    if (frame.phase === 'crashed' && heard.current.crash !== round.round && heard.current.takeoff === round.round) {
      heard.current.crash = round.round;
      sound.play('crash');
    }
  });
  useEffect(() => {
    if (autoReached && betInRound && !autoSeen.current.has(betInRound.id)) {
      autoSeen.current.add(betInRound.id);
      sound.play('cashout');
    }
  }, [autoReached, betInRound, sound]);

  const placeBet = useCallback(async () => {
    if (busy || autoInvalid) return;
    setBusy(true);
    sound.play('click');
    const reply = await start({ stake, ...(autoOn && autoCashout ? { autoCashout } : {}) });
    if (reply) {
      setBet(reply.round);
      showBalance(reply.balance);
    }
    setBusy(false);
  }, [busy, autoInvalid, sound, start, stake, autoOn, autoCashout, showBalance]);

  const cashOut = useCallback(async () => {
    if (busy || !betInRound) return;
    setBusy(true);
    const reply = await act(betInRound.id, { type: 'cashout' });
    if (reply) {
      setBet((known) => laterBet(known, reply.round));
      showBalance(reply.balance);
      sound.play('cashout');
    }
    setBusy(false);
  }, [busy, betInRound, act, showBalance, sound]);

  const canBet = frame?.phase === 'betting' && betInRound === null && !busy && !autoInvalid;
  const mainAction = canCashOut ? cashOut : canBet ? placeBet : null;
  const onSpace = useEffectEvent(() => void mainAction?.());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPageSpace(event)) return;
      event.preventDefault();
      onSpace();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!feed || !round || !frame) {
    return <p className="hg-centre">{lost ? t('crash.reconnecting') : t('shell.loading')}</p>;
  }

  let mainLabel: string;
  let mainTone = '';
  if (flyingWithBet) {
    mainLabel = t('crash.cashOut', {
      multiplier: fmt.multiple(hundredthsText(frame.hundredths)),
      amount: fmt.money(payout(betInRound.stake, frame.hundredths)),
    });
    mainTone = ' is-cashout';
  } else if (betInRound && myCashout !== null) {
    mainLabel = t('crash.cashedOut', { multiplier: fmt.multiple(myCashout), amount: fmt.money(betInRound.win ?? payout(betInRound.stake, myCashout)) });
    mainTone = ' is-done';
  } else if (betInRound && frame.phase === 'betting') {
    mainLabel = t('crash.betPlaced', { amount: fmt.money(betInRound.stake) });
  } else if (frame.phase === 'betting') {
    mainLabel = t('play.bet');
  } else {
    mainLabel = t('crash.waiting');
  }

  const outcome = betInRound ? outcomeText(betInRound, frame.phase, myCashout, round.crashPoint, t, fmt) : null;
  return (
    <div className="hg-game hg-crash">
      <CrashStage
        frame={frame}
        growthPerMs={feed.growthPerMs}
        autoCashout={myView?.autoCashout ?? (autoOn && autoCashout && frame.phase === 'betting' ? autoCashout : null)}
        cashedOut={myCashout}
        round={round.round}
        lost={lost}
      />
      <RecentStrip recent={feed.recent} />
      <section className="hg-controls hg-crash__controls">
        <button
          type="button"
          className={`hg-primary hg-play hg-crash__main${mainTone}`}
          data-testid="crash-main"
          disabled={mainAction === null}
          onClick={() => void mainAction?.()}
        >
          {mainLabel}
        </button>
        <p className="hg-crash__outcome" aria-live="polite" data-testid="crash-outcome">
          {outcome ?? (frame.phase === 'betting' ? t('crash.intro') : '\u00a0')}
        </p>
        <StakeControl disabled={busy || betInRound !== null} />
        <div className="hg-crash__auto">
          <label className="hg-crash__switch">
            <input type="checkbox" checked={autoOn} disabled={betInRound !== null} onChange={(event) => setAutoOn(event.target.checked)} />
            <span>{t('crash.autoCashout')}</span>
          </label>
          <label className="hg-stake__field">
            <span>{t('crash.autoAt')}</span>
            <input
              inputMode="decimal"
              autoComplete="off"
              value={autoTyped}
              disabled={!autoOn || betInRound !== null}
              aria-invalid={autoInvalid}
              aria-describedby={autoInvalid ? 'hg-crash-auto-problem' : undefined}
              onChange={(event) => setAutoTyped(event.target.value)}
              onBlur={() => {
                if (autoCashout) setAutoTyped(autoCashout);
              }}
            />
          </label>
          {autoInvalid ? (
            <p id="hg-crash-auto-problem" className="hg-stake__problem" role="alert">
              {t('crash.autoInvalid', { min: fmt.multiple(CRASH_MIN_CASHOUT) })}
            </p>
          ) : null}
        </div>
        <p className="hg-muted hg-crash__hint">{t('crash.keyHint')}</p>
      </section>
      <BetsList bets={round.bets} crashed={frame.phase === 'crashed'} myCashout={myCashout} />
    </div>
  );
}

function outcomeText(bet: RoundView, phase: string, cashedOut: string | null, crashPoint: string | null, t: Translate, fmt: Formatter): string | null {
  const view = bet.view as CrashBetView;
  if (cashedOut !== null) return t('crash.youWin', { multiplier: fmt.multiple(cashedOut), amount: fmt.money(bet.win ?? payout(bet.stake, cashedOut)) });
  if (phase === 'crashed' && crashPoint !== null) return t('crash.youLost', { multiplier: fmt.multiple(crashPoint) });
  if (view.autoCashout !== null) return t('crash.yourBetAuto', { amount: fmt.money(bet.stake), multiplier: fmt.multiple(view.autoCashout) });
  return t('crash.yourBet', { amount: fmt.money(bet.stake) });
}

/** The last crash points, newest first, coloured by size. */
const RecentStrip = memo(function RecentStrip({ recent }: { recent: CrashFeed['recent'] }) {
  const { t, fmt } = useGame();
  return (
    <section className="hg-results hg-crash__recent" aria-label={t('crash.recent')}>
      <span className="hg-results__label">{t('crash.recent')}</span>
      <ol className="hg-results__strip" data-testid="crash-recent">
        {recent.map((past) => (
          <li key={past.round} className={`hg-crash__point is-${crashTier(past.crashPoint)}`} title={t('crash.round', { n: past.round })}>
            {fmt.multiple(past.crashPoint)}
          </li>
        ))}
      </ol>
    </section>
  );
});

/** This round's bets, live: the player's own first, cashed-out ones in green, lost ones greyed. */
const BetsList = memo(function BetsList({ bets, crashed, myCashout }: { bets: CrashBetLine[]; crashed: boolean; myCashout: string | null }) {
  const { t, fmt } = useGame();
  // The player's automatic cash-out shows here as soon as the live multiplier reached it.
  const ordered = [...bets]
    .sort((a, b) => Number(b.mine) - Number(a.mine))
    .map((line) => (line.mine && line.cashedOut === null && myCashout !== null ? { ...line, cashedOut: myCashout, win: payout(line.stake, myCashout) } : line));
  const total = bets.reduce((sum, line) => sum + toMinorUnits(line.stake), 0n);
  return (
    <section className="hg-crash__bets" aria-label={t('crash.bets')}>
      <header className="hg-crash__bets-head">
        <h2>{t('crash.bets')}</h2>
        <span className="hg-muted">{t('crash.betsCount', { count: bets.length, total: fmt.money(fromMinorUnits(total, { trim: true })) })}</span>
      </header>
      {bets.length === 0 ? (
        <p className="hg-muted">{t('crash.noBets')}</p>
      ) : (
        <table className="hg-crash__table" data-testid="crash-bets">
          <thead>
            <tr>
              <th scope="col">{t('crash.player')}</th>
              <th scope="col">{t('history.stake')}</th>
              <th scope="col">{t('crash.cashedOutColumn')}</th>
              <th scope="col">{t('history.win')}</th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((line, index) => {
              const state = line.cashedOut !== null ? 'won' : line.win !== null || crashed ? 'lost' : 'flying';
              return (
                <tr key={`${line.player}-${index}`} className={`is-${state}${line.mine ? ' is-mine' : ''}`} data-mine={line.mine || undefined}>
                  <td>{line.mine ? t('crash.you') : t('crash.playerName', { tag: line.player })}</td>
                  <td>{fmt.money(line.stake)}</td>
                  <td>{line.cashedOut !== null ? fmt.multiple(line.cashedOut) : state === 'lost' ? '✘' : '…'}</td>
                  <td>{line.win !== null && state === 'won' ? fmt.money(line.win) : state === 'lost' ? fmt.money('0') : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
});

/** The server's betting time and pause as last heard (the rules say them); the defaults until then. */
let shownTimetable = { bettingMs: CRASH_BETTING_MS, pauseMs: CRASH_PAUSE_MS };

/** The chance to reach a cash-out target: P(crash point ≥ m) = 0.97 / m (crash-point.ts). */
const TARGETS = ['1.01', '1.50', '2.00', '5.00', '10.00', '100.00'];

function CrashPaytable() {
  const { t, fmt, limits, boot } = useGame();
  const seconds = (ms: number) => new Intl.NumberFormat(localeTag(resolveLocale(boot.locale)), { maximumFractionDigits: 1 }).format(ms / 1000);
  return (
    <>
      <p>{t('rules.ROCKET', { betting: seconds(shownTimetable.bettingMs), pause: seconds(shownTimetable.pauseMs) })}</p>
      <p>{t('rules.rocketEdge', { min: fmt.multiple(CRASH_MIN_CASHOUT) })}</p>
      <table className="hg-paytable">
        <thead>
          <tr>
            <th scope="col">{t('rules.rocketTarget')}</th>
            <th scope="col">{t('rules.rocketChance')}</th>
            <th scope="col">{t('rules.rocketPays')}</th>
          </tr>
        </thead>
        <tbody>
          {TARGETS.map((target) => (
            <tr key={target}>
              <td>{fmt.multiple(target)}</td>
              <td>{fmt.percent((0.97 / Number(target)).toFixed(4))}</td>
              <td>{fmt.money(payout('10', target))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hg-muted">{t('rules.rocketPaysNote', { stake: fmt.money('10') })}</p>
      <p>{t('rules.rocketLimits', { maxWin: fmt.money(limits.maxWin), exposure: fmt.money(limits.crashExposure) })}</p>
      <p>{t('rules.rocketChain')}</p>
    </>
  );
}

export const crashClient: ClientGame = {
  Play: CrashPlay,
  Paytable: CrashPaytable,
  seedChain: true,
  summary(view, t, fmt) {
    const bet = view as CrashBetView;
    if (bet.crashPoint === null) return t('crash.summaryFlying');
    if (bet.cashedOut !== null) return t('crash.summaryCashed', { multiplier: fmt.multiple(bet.cashedOut), crash: fmt.multiple(bet.crashPoint) });
    return t('crash.summaryLost', { crash: fmt.multiple(bet.crashPoint) });
  },
};

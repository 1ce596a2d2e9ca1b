import { fromMinorUnits, parseMinorUnits } from '@wl/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LANTERNS_REELS, type LanternsBonus, type LanternsSpin, type LanternsView } from '../../games/index.js';
import { screenAt } from '../../games/slot.js';
import { useGame } from '../context.js';
import { motionMs } from '../motion.js';
import { singleFlight } from '../single-flight.js';
import { StakeControl } from '../ui/StakeControl.js';
import type { ClientGame } from './client-game.js';
import './lanterns.css';
import { AutoplayPanel } from './lanterns-autoplay-panel.js';
import { afterSpin, beginSpin, startRun, stopBeforeSpin, type AutoplaySettings, type AutoplayStop } from './lanterns-autoplay.js';
import { SymbolArt } from './lanterns-art.js';
import { LanternsPaytable } from './lanterns-paytable.js';
import { Reels, type ReelsScene } from './lanterns-reels.js';

/*
 * LUCKY LANTERNS' page (issue 23 §2, slots). A round is settled whole by the server at its start
 * (slot.ts); this page only shows it: the reels stop one by one on the round's stops, the line wins
 * show one after another, the golden-lantern bonus is a pick screen revealing the round's prizes in
 * the order drawn, then the free spins play one after another, and the total counts up. Quick spin
 * and a press of Spin during a round (slam stop) shorten all of that; the outcome never changes.
 */

/** Timings (ms) of a normal round and of a quick one; reduced motion cuts either to a fifth (motion.ts). */
const NORMAL = { spin: 700, reelGap: 220, allLines: 1000, line: 850, banner: 1500, pick: 900, count: 700, celebrate: 2600, between: 450 };
const QUICK = { spin: 200, reelGap: 0, allLines: 500, line: 0, banner: 600, pick: 250, count: 200, celebrate: 1100, between: 150 };
type Timings = typeof NORMAL;
/** How long the bonus waits for the player's pick before opening a lantern itself. */
const PICK_PATIENCE_MS = 8000;
/** The lanterns on the bonus screen (the player opens LANTERN_PICKS of them). */
const BONUS_LANTERNS = 6;
/** Total wins of at least these multiples of the stake are celebrated. */
const CELEBRATIONS = [
  { level: 'epic', multiple: 200n },
  { level: 'mega', multiple: 50n },
  { level: 'big', multiple: 15n },
] as const;
type Celebration = (typeof CELEBRATIONS)[number]['level'];

/** A pleasant screen before the first spin: stops of the base strips. */
const IDLE_STOPS = [27, 22, 26, 32, 39];

function minor(amount: string): bigint {
  return parseMinorUnits(amount) ?? 0n;
}

function sceneOf(spin: Pick<LanternsSpin, 'grid' | 'wilds' | 'kind'>): Pick<ReelsScene, 'grid' | 'multipliers' | 'kind'> {
  const multipliers = spin.grid.map((column) => column.map(() => 1));
  for (const wild of spin.wilds) multipliers[wild.reel]![wild.row] = wild.multiplier;
  return { grid: spin.grid, multipliers, kind: spin.kind };
}

function idleScene(): ReelsScene {
  const { grid, multipliers } = screenAt(LANTERNS_REELS.base, IDLE_STOPS);
  return { grid, multipliers, kind: 'base', spinning: grid.map(() => false), stopCount: grid.map(() => 0), winCells: new Set(), lines: [] };
}

interface BonusScene {
  picks: LanternsBonus['picks'];
  /** Which lanterns are open, in the order opened (each shows picks[its index in this list]). */
  opened: number[];
  done: boolean;
  win: string;
}

interface FreeScene {
  played: number;
  awarded: number;
  win: bigint;
}

/** The result of one spin for autoplay: what it staked and won, and whether it started free spins. */
interface SpinOutcome {
  stake: bigint;
  win: bigint;
  freeSpins: boolean;
  balance: string;
}

function LanternsPlay() {
  const { t, fmt, stake, start, showBalance, sound, balance, reportError } = useGame();
  const [scene, setScene] = useState<ReelsScene>(idleScene);
  const [busy, setBusy] = useState(false);
  const [quick, setQuick] = useState(false);
  const [message, setMessage] = useState<string>(() => t('lanterns.intro'));
  const [free, setFree] = useState<FreeScene | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [bonus, setBonus] = useState<BonusScene | null>(null);
  const [shownWin, setShownWin] = useState<bigint | null>(null);
  const [celebration, setCelebration] = useState<{ level: Celebration; amount: string } | null>(null);
  const [autoLeft, setAutoLeft] = useState<number | null>(null);
  const [autoStop, setAutoStop] = useState<AutoplayStop | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);

  const quickRef = useRef(quick);
  const hurryRef = useRef(false);
  const alive = useRef(true);
  const autoplaying = useRef(false);
  const stopAutoplay = useRef(false);
  const pickResolver = useRef<((lantern: number) => void) | null>(null);
  /** Lanterns tapped while the last one was still opening: they open next, in order. */
  const pendingPicks = useRef<number[]>([]);
  const wakers = useRef(new Set<() => void>());
  const latest = useRef({ stake, balance });
  const oneSpin = useMemo(() => singleFlight(), []);

  useEffect(() => {
    quickRef.current = quick;
  }, [quick]);
  useEffect(() => {
    latest.current = { stake, balance };
  }, [stake, balance]);
  useEffect(() => {
    alive.current = true;
    const waiting = wakers.current;
    return () => {
      alive.current = false;
      stopAutoplay.current = true;
      for (const wake of waiting) wake();
    };
  }, []);

  const timings = useCallback((): Timings => (quickRef.current || hurryRef.current ? QUICK : NORMAL), []);
  /** Waits, cut short by a slam stop or leaving the page. */
  const wait = useCallback(
    (pick: (timing: Timings) => number) => {
      const ms = motionMs(pick(timings()));
      if (ms <= 0 || !alive.current) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          window.clearTimeout(timer);
          wakers.current.delete(done);
          resolve();
        };
        const timer = window.setTimeout(done, ms);
        wakers.current.add(done);
      });
    },
    [timings],
  );
  const hurry = useCallback(() => {
    hurryRef.current = true;
    for (const wake of [...wakers.current]) wake();
  }, []);

  /** The bonus: the player opens lanterns (or, in quick spin and autoplay, they open by themselves). */
  const playBonus = useCallback(
    async (won: LanternsBonus) => {
      setBanner(t('lanterns.bonusTitle'));
      setMessage(t('lanterns.bonusTitle'));
      pendingPicks.current = [];
      await wait((timing) => timing.banner);
      setBanner(null);
      const opened: number[] = [];
      setBonus({ picks: won.picks, opened: [], done: false, win: won.win });
      for (let pick = 0; pick < won.picks.length; pick += 1) {
        let lantern: number;
        const tapped = pendingPicks.current.find((index) => !opened.includes(index));
        pendingPicks.current = [];
        if (tapped !== undefined) {
          lantern = tapped;
        } else if (quickRef.current || hurryRef.current || autoplaying.current) {
          await wait((timing) => timing.pick);
          lantern = [0, 2, 4, 1, 3, 5].find((index) => !opened.includes(index))!;
        } else {
          lantern = await new Promise<number>((resolve) => {
            const timer = window.setTimeout(() => resolve([...Array(BONUS_LANTERNS).keys()].find((index) => !opened.includes(index))!), PICK_PATIENCE_MS);
            const settle = (chosen: number) => {
              window.clearTimeout(timer);
              wakers.current.delete(wake);
              resolve(chosen);
            };
            const wake = () => settle([...Array(BONUS_LANTERNS).keys()].find((index) => !opened.includes(index))!);
            wakers.current.add(wake);
            pickResolver.current = (chosen) => {
              if (!opened.includes(chosen)) settle(chosen);
            };
          });
          pickResolver.current = null;
        }
        opened.push(lantern);
        setBonus({ picks: won.picks, opened: [...opened], done: false, win: won.win });
        sound.play('gem');
        await wait((timing) => timing.pick);
      }
      setBonus({ picks: won.picks, opened, done: true, win: won.win });
      setMessage(t('lanterns.bonusWin', { amount: fmt.money(won.win) }));
      sound.play('win');
      await wait((timing) => timing.banner);
      setBonus(null);
    },
    [fmt, sound, t, wait],
  );

  /** One spin of the round on the reels: they stop one by one, then its wins show. */
  const showSpin = useCallback(
    async (spin: LanternsSpin, alreadySpinning: boolean, countUp: () => Promise<void>) => {
      const { grid, multipliers, kind } = sceneOf(spin);
      setScene((known) => ({ ...known, grid, multipliers, kind, spinning: known.spinning.map(() => true), winCells: new Set(), lines: [] }));
      if (!alreadySpinning) sound.play('click');
      await wait((timing) => timing.spin);
      for (let reel = 0; reel < grid.length; reel += 1) {
        if (reel > 0) await wait((timing) => timing.reelGap);
        const quickStop = timings().reelGap === 0;
        setScene((known) => ({
          ...known,
          spinning: known.spinning.map((spinning, index) => (quickStop ? false : index === reel ? false : spinning)),
          stopCount: known.stopCount.map((count, index) => (quickStop || index === reel ? count + 1 : count)),
        }));
        sound.play('tick');
        if (quickStop) break;
      }
      if (spin.lineWins.length === 0 && spin.scatters < 3) return;
      const allCells = new Set(spin.lineWins.flatMap((win) => win.cells.map(([reel, row]) => `${reel}-${row}`)));
      if (spin.scatters >= 3) spin.grid.forEach((column, reel) => column.forEach((symbol, row) => symbol === 'scatter' && allCells.add(`${reel}-${row}`)));
      setScene((known) => ({ ...known, winCells: allCells, lines: spin.lineWins.map((win) => win.line) }));
      setMessage(t('lanterns.spinWin', { amount: fmt.money(spin.win) }));
      sound.play('win');
      await Promise.all([wait((timing) => timing.allLines), countUp()]);
      if (timings().line > 0) {
        for (const win of spin.lineWins) {
          setScene((known) => ({ ...known, winCells: new Set(win.cells.map(([reel, row]) => `${reel}-${row}`)), lines: [win.line] }));
          const params = { line: win.line + 1, count: win.count, symbol: t(`lanterns.symbol.${win.symbol}`), amount: fmt.money(win.win) };
          setMessage(win.multiplier > 1 ? t('lanterns.lineWinMultiplier', { ...params, multiplier: win.multiplier }) : t('lanterns.lineWin', params));
          sound.play('chip');
          await wait((timing) => timing.line);
        }
        if (spin.scatters >= 3) {
          const cells = new Set<string>();
          spin.grid.forEach((column, reel) => column.forEach((symbol, row) => symbol === 'scatter' && cells.add(`${reel}-${row}`)));
          setScene((known) => ({ ...known, winCells: cells, lines: [] }));
          setMessage(t('lanterns.scatterWin', { count: spin.scatters, amount: fmt.money(spin.scatterWin) }));
          await wait((timing) => timing.line);
        }
      }
    },
    [fmt, sound, t, timings, wait],
  );

  /** A whole round: bet, then its base spin, bonus, free spins and total. Null when the bet was refused. */
  const playRound = useCallback(async (): Promise<SpinOutcome | null> => {
    hurryRef.current = false;
    setBusy(true);
    setAutoStop((known) => (autoplaying.current ? known : null));
    setCelebration(null);
    setShownWin(null);
    setFree(null);
    setScene((known) => ({ ...known, spinning: known.spinning.map(() => true), winCells: new Set(), lines: [] }));
    setMessage(t('lanterns.goodLuck'));
    sound.play('click');
    const betStake = latest.current.stake;
    const reply = await start({ stake: betStake });
    if (!reply) {
      setScene((known) => ({ ...known, spinning: known.spinning.map(() => false) }));
      setMessage(t('lanterns.intro'));
      setBusy(false);
      return null;
    }
    const view = reply.round.view as LanternsView;
    const totalWin = minor(reply.round.win ?? view.totalWin);
    let awarded = 0;
    let freeWin = 0n;
    let shown = 0n;
    /** Counts the win on screen up to `target` (display only: the last amount shown is the server's). */
    const countTo = async (target: bigint) => {
      if (target <= shown) return;
      const steps = Math.max(1, Math.round(motionMs(timings().count) / 50));
      for (let step = 1; step <= steps; step += 1) {
        setShownWin(shown + ((target - shown) * BigInt(step)) / BigInt(steps));
        await wait(() => 50);
      }
      shown = target;
    };
    let running = 0n;
    for (const [index, spin] of view.spins.entries()) {
      if (!alive.current) break;
      if (spin.kind === 'free') {
        setFree({ played: index, awarded, win: freeWin });
        setMessage(t('lanterns.freeSpin', { n: index, total: awarded }));
      }
      running += minor(spin.win);
      const target = running < totalWin ? running : totalWin;
      await showSpin(spin, index === 0, () => countTo(target));
      if (spin.kind === 'free') {
        freeWin += minor(spin.win);
        setFree({ played: index, awarded, win: freeWin });
      }
      if (index === 0 && view.bonus) {
        await playBonus(view.bonus);
        running += minor(view.bonus.win);
        await countTo(running < totalWin ? running : totalWin);
      }
      if (spin.freeSpinsAwarded > 0) {
        const more = awarded > 0;
        awarded += spin.freeSpinsAwarded;
        setFree({ played: index, awarded, win: freeWin });
        setBanner(t(more ? 'lanterns.freeSpinsMore' : 'lanterns.freeSpinsWon', { count: spin.freeSpinsAwarded }));
        sound.play('gem');
        await wait((timing) => timing.banner);
        setBanner(null);
      } else if (spin.kind === 'free' || spin.lineWins.length > 0) {
        await wait((timing) => timing.between);
      }
    }
    // The total counts up from nothing to the round's win (display only: the amount shown last is the server's).
    setScene((known) => ({ ...known, winCells: new Set(), lines: [] }));
    if (totalWin > 0n) {
      // The round's win is rounded down to a cent and capped: what shows last is exactly it.
      setShownWin(totalWin);
      setMessage(view.capped ? t('lanterns.capped', { amount: fmt.money(view.totalWin) }) : t('play.youWin', { amount: fmt.money(view.totalWin) }));
      const stakeUnits = minor(view.stake);
      const level = CELEBRATIONS.find((entry) => totalWin >= entry.multiple * stakeUnits)?.level;
      if (level) {
        setCelebration({ level, amount: view.totalWin });
        sound.play('win');
        await wait((timing) => timing.celebrate);
        setCelebration(null);
      }
    } else {
      setMessage(t('play.noWin'));
    }
    setFree(null);
    showBalance(reply.balance);
    setBusy(false);
    return { stake: minor(reply.round.stake), win: totalWin, freeSpins: view.spins.length > 1, balance: reply.balance };
  }, [fmt, playBonus, showBalance, showSpin, sound, start, t, timings, wait]);

  /** Spin (or, during a round, stop the reels at once). */
  const pressSpin = useCallback(() => {
    if (autoplaying.current) return;
    if (busy) {
      hurry();
      return;
    }
    void oneSpin(playRound);
  }, [busy, hurry, oneSpin, playRound]);

  const runAutoplay = useCallback(
    async (settings: AutoplaySettings) => {
      if (autoplaying.current || busy) return;
      autoplaying.current = true;
      stopAutoplay.current = false;
      setPanelOpen(false);
      setAutoStop(null);
      const run = startRun(settings);
      let balanceNow = latest.current.balance;
      let reason: AutoplayStop | null = null;
      while (reason === null && alive.current) {
        if (stopAutoplay.current) {
          reason = 'player';
          break;
        }
        reason = stopBeforeSpin(run, minor(latest.current.stake), minor(balanceNow));
        if (reason) break;
        beginSpin(run);
        setAutoLeft(run.left);
        const outcome = await oneSpin(playRound);
        if (!outcome) {
          reason = 'error';
          break;
        }
        balanceNow = outcome.balance;
        reason = afterSpin(run, outcome);
        if (reason === null) await wait((timing) => timing.between);
      }
      autoplaying.current = false;
      setAutoLeft(null);
      setAutoStop(reason ?? 'player');
      if (reason === 'funds') reportError('INSUFFICIENT_FUNDS');
    },
    [busy, oneSpin, playRound, reportError, wait],
  );

  // The space bar spins, unless a field, a button or a dialog has the focus (they use the key themselves).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, button, a, [contenteditable], dialog')) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      pressSpin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pressSpin]);

  const autoRunning = autoLeft !== null;
  const stopMessage = autoStop ? t(`lanterns.autoStopped.${autoStop}`) : null;
  return (
    <div className="hg-game hg-lan" data-busy={busy || autoRunning ? 'true' : 'false'} data-mode={scene.kind}>
      <section className="hg-stage hg-lan__stage">
        <div className="hg-lan__marquee">
          <span className="hg-lan__title">{t('game.LANTERNS')}</span>
          {free ? (
            <span className="hg-lan__free" data-testid="lanterns-free">
              {t('lanterns.freeSpin', { n: Math.max(1, free.played), total: free.awarded })}
              {free.win > 0n ? ` · ${fmt.money(fromMinorUnits(free.win))}` : ''}
            </span>
          ) : (
            <span className="hg-lan__lines">{t('lanterns.linesBadge')}</span>
          )}
        </div>
        <div className="hg-lan__window">
          <Reels scene={scene} t={t} />
          {banner ? (
            <div className="hg-lan__banner" role="status">
              <span>{banner}</span>
            </div>
          ) : null}
          {bonus ? (
            <div className="hg-lan__bonus" role="group" aria-label={t('lanterns.bonusTitle')} data-testid="lanterns-bonus">
              <p className="hg-lan__bonus-title">{t('lanterns.bonusTitle')}</p>
              <p className="hg-lan__bonus-hint">
                {bonus.done
                  ? t('lanterns.bonusWin', { amount: fmt.money(bonus.win) })
                  : t('lanterns.bonusPick', { left: bonus.picks.length - bonus.opened.length })}
              </p>
              <div className="hg-lan__bonus-grid">
                {Array.from({ length: BONUS_LANTERNS }, (_, lantern) => {
                  const order = bonus.opened.indexOf(lantern);
                  const prize = order >= 0 ? bonus.picks[order]! : null;
                  return (
                    <button
                      key={lantern}
                      type="button"
                      className={`hg-lan__pick${prize ? ' is-open' : ''}`}
                      disabled={prize !== null || bonus.done}
                      aria-label={
                        prize
                          ? t('lanterns.bonusPrize', { multiplier: prize.multiplier, amount: fmt.money(prize.win) })
                          : t('lanterns.lanternButton', { n: lantern + 1 })
                      }
                      onClick={() => {
                        if (pickResolver.current) pickResolver.current(lantern);
                        else if (!pendingPicks.current.includes(lantern)) pendingPicks.current.push(lantern);
                      }}
                    >
                      <SymbolArt symbol="lantern" />
                      {prize ? (
                        <span className="hg-lan__prize">
                          <strong>{prize.multiplier}×</strong>
                          <small>{fmt.money(prize.win)}</small>
                        </span>
                      ) : null}
                    </button>
                  );
                })}
              </div>
            </div>
          ) : null}
          {celebration ? (
            <button type="button" className={`hg-lan__celebrate is-${celebration.level}`} onClick={hurry} aria-label={t(`lanterns.${celebration.level}Win`)}>
              <span className="hg-lan__coins" aria-hidden="true">
                {Array.from({ length: 14 }, (_, index) => (
                  <i key={index} style={{ left: `${(index * 37) % 100}%`, animationDelay: `${(index % 7) * 0.15}s` }} />
                ))}
              </span>
              <strong>{t(`lanterns.${celebration.level}Win`)}</strong>
              <span>{fmt.money(celebration.amount)}</span>
            </button>
          ) : null}
        </div>
        <div className="hg-lan__status">
          <p className="hg-stage__message" aria-live="polite" data-testid="lanterns-message">
            {message}
          </p>
          <p className="hg-lan__win">
            <span>{t('lanterns.totalWin')}</span>
            <strong data-testid="lanterns-win">{shownWin === null ? '—' : fmt.money(fromMinorUnits(shownWin))}</strong>
          </p>
        </div>
        {stopMessage ? (
          <p className="hg-lan__autostop" role="status" data-testid="lanterns-autostop" data-reason={autoStop}>
            {stopMessage}
          </p>
        ) : null}
      </section>
      <section className="hg-controls hg-lan__controls">
        <StakeControl disabled={busy || autoRunning} />
        <p className="hg-lan__linebet hg-muted">{t('lanterns.lineBet', { amount: fmt.money(fromMinorUnits(minor(stake) / 20n)) })}</p>
        <button type="button" className="hg-primary hg-play hg-lan__spin" disabled={autoRunning} onClick={pressSpin}>
          {t('lanterns.spin')}
        </button>
        <div className="hg-lan__toggles">
          <button
            type="button"
            className="hg-secondary hg-lan__toggle"
            aria-pressed={quick}
            onClick={() => {
              setQuick(!quick);
              sound.play('click');
            }}
          >
            {t('lanterns.quickSpin')}
          </button>
          {autoRunning ? (
            <button
              type="button"
              className="hg-secondary hg-lan__toggle is-running"
              onClick={() => {
                stopAutoplay.current = true;
                hurry();
              }}
            >
              {t('lanterns.autoplayStop', { left: autoLeft })}
            </button>
          ) : (
            <button type="button" className="hg-secondary hg-lan__toggle" aria-expanded={panelOpen} disabled={busy} onClick={() => setPanelOpen(!panelOpen)}>
              {t('lanterns.autoplay')}
            </button>
          )}
        </div>
        {panelOpen && !autoRunning ? <AutoplayPanel onStart={(settings) => void runAutoplay(settings)} onCancel={() => setPanelOpen(false)} /> : null}
      </section>
    </div>
  );
}

export const lanternsClient: ClientGame = {
  Play: LanternsPlay,
  Paytable: LanternsPaytable,
  summary(view, t) {
    const round = view as LanternsView;
    const lineWins = round.spins.reduce((sum, spin) => sum + spin.lineWins.length, 0);
    const freeSpins = round.spins.length - 1;
    const parts: string[] = [];
    if (lineWins > 0) parts.push(t('lanterns.summaryLines', { count: lineWins }));
    if (freeSpins > 0) parts.push(t('lanterns.summaryFree', { count: freeSpins }));
    if (round.bonus) parts.push(t('lanterns.summaryBonus'));
    return parts.length > 0 ? parts.join(', ') : t('lanterns.summaryNone');
  },
};

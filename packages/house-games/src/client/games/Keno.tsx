import { useEffect, useRef, useState } from 'react';
import { KENO_MAX_PICKS, KENO_NUMBERS, KENO_PAYTABLE } from '../../games/index.js';
import type { KenoView } from '../../games/types.js';
import { useGame } from '../context.js';
import { motionMs } from '../motion.js';
import { onGridKeys } from '../ui/grid-keys.js';
import { StakeControl } from '../ui/StakeControl.js';
import type { ClientGame } from './client-game.js';

const DRAW_STEP_MS = 320;

/** `count` distinct numbers of 1–40 for a quick pick (the page's choice only: the draw is the server's). */
function quickPick(count: number): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, index) => index + 1);
  const random = new Uint32Array(count);
  crypto.getRandomValues(random);
  for (let index = 0; index < count; index += 1) {
    const swap = index + (random[index]! % (pool.length - index));
    [pool[index], pool[swap]] = [pool[swap]!, pool[index]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

function KenoPaytableFor({ picks, hits }: { picks: number; hits: number | null }) {
  const { t, fmt } = useGame();
  const row = KENO_PAYTABLE[picks] ?? [];
  return (
    <table className="hg-paytable hg-keno__paytable">
      <caption>{t('keno.paytable', { count: picks })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('keno.hitsColumn')}</th>
          <th scope="col">{t('keno.paysColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {row
          .map((multiple, count) => ({ multiple, count }))
          .filter(({ multiple }) => Number(multiple) > 0)
          .reverse()
          .map(({ multiple, count }) => (
            <tr key={count} className={hits === count ? 'is-hit' : undefined}>
              <td>{count}</td>
              <td>{fmt.multiple(multiple)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

function KenoPlay() {
  const { t, fmt, stake, start, showBalance, sound } = useGame();
  const [picks, setPicks] = useState<number[]>([]);
  const [round, setRound] = useState<{ view: KenoView; win: string; balance: string } | null>(null);
  const [shownDraws, setShownDraws] = useState(0);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);

  const drawing = round !== null && shownDraws < round.view.drawn.length;
  const drawn = round ? round.view.drawn.slice(0, shownDraws) : [];
  const done = round !== null && !drawing;
  const hitsSoFar = drawn.filter((number) => round?.view.picks.includes(number)).length;

  const toggle = (number: number) => {
    if (busy) return;
    setRound(null);
    setPicks((known) =>
      known.includes(number) ? known.filter((n) => n !== number) : known.length < KENO_MAX_PICKS ? [...known, number].sort((a, b) => a - b) : known,
    );
    sound.play('click');
  };

  const bet = async () => {
    if (picks.length === 0) return;
    setBusy(true);
    setRound(null);
    setShownDraws(0);
    sound.play('click');
    const reply = await start({ stake, picks });
    if (!reply) {
      setBusy(false);
      return;
    }
    const view = reply.round.view as KenoView;
    setRound({ view, win: reply.round.win ?? '0', balance: reply.balance });
    let count = 0;
    timer.current = window.setInterval(() => {
      count += 1;
      setShownDraws(count);
      sound.play(view.picks.includes(view.drawn[count - 1]!) ? 'gem' : 'draw');
      if (count >= view.drawn.length) {
        window.clearInterval(timer.current);
        showBalance(reply.balance);
        sound.play(Number(reply.round.win ?? '0') > 0 ? 'win' : 'lose');
        setBusy(false);
      }
    }, motionMs(DRAW_STEP_MS));
  };

  const shownPicks = round ? round.view.picks : picks;
  return (
    <div className="hg-game hg-keno">
      <section className="hg-stage hg-keno__stage">
        <div className="hg-keno__board" role="group" aria-label={t('keno.picked', { count: shownPicks.length })} onKeyDown={onGridKeys(8)}>
          {Array.from({ length: KENO_NUMBERS }, (_, index) => index + 1).map((number) => {
            const picked = shownPicks.includes(number);
            const isDrawn = drawn.includes(number);
            return (
              <button
                key={number}
                type="button"
                className={`hg-ball${picked ? ' is-picked' : ''}${isDrawn ? ' is-drawn' : ''}${picked && isDrawn ? ' is-hit' : ''}`}
                aria-label={t('keno.number', { n: number })}
                aria-pressed={picked}
                disabled={busy}
                onClick={() => toggle(number)}
              >
                {number}
              </button>
            );
          })}
        </div>
        <div className="hg-keno__side">
          <ol className="hg-keno__draws" aria-label={t('play.lastResults')}>
            {drawn.map((number) => (
              <li key={number} className={round?.view.picks.includes(number) ? 'is-hit' : undefined} aria-label={t('keno.drawn', { n: number })}>
                {number}
              </li>
            ))}
          </ol>
          <p className="hg-stage__message" aria-live="polite" data-testid="keno-message">
            {round
              ? done
                ? `${t('keno.hits', { hits: round.view.hits.length })} · ${Number(round.win) > 0 ? t('play.youWin', { amount: fmt.money(round.win) }) : t('play.noWin')}`
                : t('keno.hits', { hits: hitsSoFar })
              : picks.length === 0
                ? t('keno.intro')
                : t('keno.picked', { count: picks.length })}
          </p>
          {shownPicks.length > 0 ? <KenoPaytableFor picks={shownPicks.length} hits={done ? round.view.hits.length : null} /> : null}
        </div>
      </section>
      <section className="hg-controls">
        <div className="hg-roulette__actions">
          <button
            type="button"
            className="hg-secondary"
            disabled={busy}
            onClick={() => {
              setRound(null);
              setPicks(quickPick(picks.length || 5));
              sound.play('chip');
            }}
          >
            {t('keno.quickPick')}
          </button>
          <button
            type="button"
            className="hg-secondary"
            disabled={busy || picks.length === 0}
            onClick={() => {
              setRound(null);
              setPicks([]);
            }}
          >
            {t('keno.clear')}
          </button>
        </div>
        <StakeControl disabled={busy} />
        <button type="button" className="hg-primary hg-play" disabled={busy || picks.length === 0} onClick={() => void bet()}>
          {t('play.bet')}
        </button>
      </section>
    </div>
  );
}

function KenoPaytable() {
  const { t } = useGame();
  const [picks, setPicks] = useState(5);
  return (
    <>
      <p>{t('rules.KENO')}</p>
      <label className="hg-field hg-field--inline">
        <span>{t('keno.paytable', { count: picks })}</span>
        <select value={picks} onChange={(event) => setPicks(Number(event.target.value))}>
          {Array.from({ length: KENO_MAX_PICKS }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <KenoPaytableFor picks={picks} hits={null} />
    </>
  );
}

export const kenoClient: ClientGame = {
  Play: KenoPlay,
  Paytable: KenoPaytable,
  summary(view, t) {
    const keno = view as KenoView;
    return `${t('keno.hits', { hits: keno.hits.length })} / ${keno.picks.length}`;
  },
};

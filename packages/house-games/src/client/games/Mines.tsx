import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { useState } from 'react';
import { MINES_CELLS, MINES_MAX, MINES_MIN, minesMultipleHundredths } from '../../games/index.js';
import { hundredthsOf, hundredthsText, winOf } from '../../games/money.js';
import type { MinesAction, MinesView } from '../../games/types.js';
import { useGame, type RoundReply } from '../context.js';
import { onGridKeys } from '../ui/grid-keys.js';
import { StakeControl } from '../ui/StakeControl.js';
import type { ClientGame } from './client-game.js';

const MINE_PRESETS = [1, 3, 5, 10, 24];

interface MinesRound {
  id: string;
  stake: string;
  view: MinesView;
  /** null while open. */
  win: string | null;
}

function roundOf(reply: Pick<RoundReply, 'round'>): MinesRound {
  return { id: reply.round.id, stake: reply.round.stake, view: reply.round.view as MinesView, win: reply.round.win };
}

/** What cashing out pays now: stake × multiple, rounded down to a cent as the game does. */
function cashOutAmount(round: MinesRound): string {
  return fromMinorUnits(winOf(toMinorUnits(round.stake), hundredthsOf(round.view.multiplier)), { trim: true });
}

function MinesPlay() {
  const { t, fmt, stake, start, act, showBalance, sound, openRound } = useGame();
  const [mineCount, setMineCount] = useState(() => (openRound ? (openRound.view as MinesView).mines : 3));
  const [round, setRound] = useState<MinesRound | null>(() => (openRound ? roundOf({ round: openRound }) : null));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(() => (openRound ? t('play.resumed') : null));
  const open = round !== null && round.win === null;

  const settle = (reply: RoundReply) => {
    const next = roundOf(reply);
    setRound(next);
    if (next.win === null) return;
    showBalance(reply.balance);
    const won = Number(next.win) > 0;
    sound.play(won ? 'win' : 'mine');
    setMessage(won ? t('mines.cashedOut', { amount: fmt.money(next.win) }) : t('mines.boom'));
  };

  const bet = async () => {
    setBusy(true);
    setMessage(null);
    sound.play('click');
    const reply = await start({ stake, mines: mineCount });
    if (reply) settle(reply);
    setBusy(false);
  };

  const send = async (action: MinesAction) => {
    if (!round || !open) return;
    setBusy(true);
    const reply = await act(round.id, action);
    if (reply) {
      settle(reply);
      const view = reply.round.view as MinesView;
      if (action.type === 'reveal' && reply.round.win === null) {
        sound.play('gem');
        setMessage(t('mines.gem', { multiplier: fmt.multiple(view.multiplier) }));
      }
    }
    setBusy(false);
  };

  const view = round?.view ?? null;
  const tiles = Array.from({ length: MINES_CELLS }, (_, cell) => {
    const revealedAt = view?.revealed.indexOf(cell) ?? -1;
    const isMine = view?.minePositions?.includes(cell) ?? false;
    const state = view?.hitMine === cell ? 'hit' : revealedAt >= 0 ? 'gem' : isMine ? 'mine' : view?.minePositions ? 'ghost' : 'hidden';
    return { cell, state };
  });
  // While a round is open: its multiples. After it: what it paid, and the next round's first step.
  const multiplier = open || (round && Number(round.win) > 0) ? (view?.multiplier ?? '1.00') : '1.00';
  const nextMultiplier = open ? view!.nextMultiplier : hundredthsText(minesMultipleHundredths(mineCount, 1));

  return (
    <div className="hg-game hg-mines">
      <section className="hg-stage">
        <div className="hg-mines__meters">
          <div>
            <span className="hg-stage__label">{t('mines.current')}</span>
            <strong data-testid="multiplier">{fmt.multiple(multiplier)}</strong>
          </div>
          <div>
            <span className="hg-stage__label">{t('mines.next')}</span>
            <strong>{nextMultiplier ? fmt.multiple(nextMultiplier) : '—'}</strong>
          </div>
          <div>
            <span className="hg-stage__label">{t('mines.count')}</span>
            <strong>{open ? round.view.mines : mineCount}</strong>
          </div>
        </div>
        <div className="hg-mines__grid" role="group" aria-label={t('game.MINES')} onKeyDown={onGridKeys(5)}>
          {tiles.map(({ cell, state }) => (
            <button
              key={cell}
              type="button"
              className={`hg-tile is-${state}`}
              aria-label={t('mines.tile', { n: cell + 1 })}
              data-state={state}
              disabled={!open || busy || state !== 'hidden'}
              onClick={() => void send({ type: 'reveal', cell })}
            >
              <span className="hg-tile__inner" aria-hidden="true">
                <span className="hg-tile__front" />
                <span className="hg-tile__back">{state === 'gem' || state === 'ghost' ? '◆' : state === 'hit' || state === 'mine' ? '✹' : ''}</span>
              </span>
            </button>
          ))}
        </div>
        <p className="hg-stage__message" aria-live="polite" data-testid="mines-message">
          {message ?? t('mines.intro')}
        </p>
      </section>
      <section className="hg-controls">
        {open ? (
          <button
            type="button"
            className="hg-primary hg-play hg-cashout"
            disabled={busy || round.view.revealed.length === 0}
            onClick={() => void send({ type: 'cashout' })}
          >
            {t('mines.cashOut', { amount: fmt.money(cashOutAmount(round)) })}
          </button>
        ) : (
          <>
            <div className="hg-mines__count" role="group" aria-label={t('mines.count')}>
              <button
                type="button"
                className="hg-step"
                aria-label={t('mines.fewer')}
                disabled={busy || mineCount <= MINES_MIN}
                onClick={() => setMineCount(mineCount - 1)}
              >
                −
              </button>
              <label className="hg-stake__field">
                <span>{t('mines.count')}</span>
                <select value={mineCount} disabled={busy} onChange={(event) => setMineCount(Number(event.target.value))}>
                  {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, index) => index + MINES_MIN).map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="hg-step"
                aria-label={t('mines.more')}
                disabled={busy || mineCount >= MINES_MAX}
                onClick={() => setMineCount(mineCount + 1)}
              >
                +
              </button>
              <div className="hg-stake__presets">
                {MINE_PRESETS.map((count) => (
                  <button
                    key={count}
                    type="button"
                    className="hg-preset"
                    aria-pressed={count === mineCount}
                    disabled={busy}
                    onClick={() => setMineCount(count)}
                  >
                    {count}
                  </button>
                ))}
              </div>
            </div>
            <StakeControl disabled={busy} />
            <button type="button" className="hg-primary hg-play" disabled={busy} onClick={() => void bet()}>
              {t('play.bet')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}

function MinesPaytable() {
  const { t, fmt } = useGame();
  const [count, setCount] = useState(3);
  const safe = MINES_CELLS - count;
  return (
    <>
      <p>{t('rules.MINES')}</p>
      <label className="hg-field hg-field--inline">
        <span>{t('mines.count')}</span>
        <select value={count} onChange={(event) => setCount(Number(event.target.value))}>
          {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, index) => index + MINES_MIN).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <table className="hg-paytable">
        <caption>{t('rules.minesTable', { mines: count })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rules.gems')}</th>
            <th scope="col">{t('rules.paysColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: safe }, (_, index) => index + 1).map((picks) => (
            <tr key={picks}>
              <td>{picks}</td>
              <td>{fmt.multiple(hundredthsText(minesMultipleHundredths(count, picks)))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export const minesClient: ClientGame = {
  Play: MinesPlay,
  Paytable: MinesPaytable,
  summary(view, t, fmt) {
    const mines = view as MinesView;
    return `${t('mines.count')} ${mines.mines} · ◆ ${mines.revealed.length} · ${mines.hitMine !== null ? '✹' : fmt.multiple(mines.multiplier)}`;
  },
  actionsOf(view) {
    const mines = view as MinesView;
    const actions: MinesAction[] = mines.revealed.map((cell) => ({ type: 'reveal', cell }));
    if (mines.hitMine !== null) actions.push({ type: 'reveal', cell: mines.hitMine });
    else if (mines.revealed.length < MINES_CELLS - mines.mines) actions.push({ type: 'cashout' });
    return actions;
  },
};

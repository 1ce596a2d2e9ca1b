import { useEffect, useEffectEvent, useState } from 'react';
import { HASH_PICKS, hashParity, hashPickWins } from '../../games/index.js';
import type { HashPick, HashView } from '../../games/types.js';
import { useGame } from '../context.js';
import { motionMs } from '../motion.js';
import { StakeControl } from '../ui/StakeControl.js';
import type { ClientGame } from './client-game.js';

const HEX = '0123456789abcdef';
/** How long the digits scroll before the hash settles, left to right. */
const REVEAL_MS = 1100;
/** What a win pays per unit staked, as the game module declares it. */
const WIN_MULTIPLIER = hashParity.maxMultiplier.toFixed(2);

function randomHex(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += HEX[Math.floor(Math.random() * 16)];
  return text;
}

/** The hash as it is revealed: settled digits from the left, scrolling ones after them; onDone once it stands. */
function useHashReveal(hash: string | null, onDone: () => void): { shown: string; settled: boolean } {
  const [frame, setFrame] = useState<{ hash: string | null; shown: string; settled: boolean }>({ hash: null, shown: '0'.repeat(64), settled: true });
  const finished = useEffectEvent(onDone);
  useEffect(() => {
    if (!hash) return;
    const started = performance.now();
    const length = motionMs(REVEAL_MS);
    const timer = window.setInterval(() => {
      const progress = Math.min(1, (performance.now() - started) / length);
      const fixed = Math.floor(progress * 64);
      setFrame({ hash, shown: hash.slice(0, fixed) + randomHex(64 - fixed), settled: progress >= 1 });
      if (progress >= 1) {
        window.clearInterval(timer);
        finished();
      }
    }, 40);
    return () => window.clearInterval(timer);
  }, [hash]);
  // A new hash rolls from its first frame on, before the interval's first tick.
  if (hash !== frame.hash && hash !== null) return { shown: frame.shown, settled: false };
  return { shown: frame.shown, settled: frame.settled };
}

function HashParityPlay() {
  const { t, fmt, stake, start, showBalance, sound } = useGame();
  const [pick, setPick] = useState<HashPick>('odd');
  const [round, setRound] = useState<{ view: HashView; win: string; balance: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<Array<{ digit: number; won: boolean; key: string }>>([]);
  const reveal = useHashReveal(round?.view.hash ?? null, () => {
    if (!round) return;
    showBalance(round.balance);
    setResults((known) => [{ digit: round.view.digit, won: round.view.won, key: round.view.hash }, ...known].slice(0, 16));
    sound.play(round.view.won ? 'win' : 'lose');
    setBusy(false);
  });

  const bet = async () => {
    setBusy(true);
    sound.play('click');
    const reply = await start({ stake, pick });
    if (!reply) {
      setBusy(false);
      return;
    }
    setRound({ view: reply.round.view as HashView, win: reply.round.win ?? '0', balance: reply.balance });
  };

  const outcome = round && reveal.settled ? round : null;
  return (
    <div className="hg-game hg-hash">
      <section className="hg-stage" aria-label={t('hash.roundHash')}>
        <p className="hg-stage__label">{t('hash.roundHash')}</p>
        <p className={`hg-hash__digits${reveal.settled ? '' : ' is-rolling'}`} data-testid="round-hash">
          <span>{reveal.shown.slice(0, 63)}</span>
          <mark className={outcome ? (outcome.view.won ? 'is-win' : 'is-loss') : ''}>{reveal.shown.slice(63)}</mark>
        </p>
        <div className="hg-hash__result" aria-live="polite">
          {outcome ? (
            <>
              <span className={`hg-hash__big ${outcome.view.won ? 'is-win' : 'is-loss'}`}>{outcome.view.hash.slice(63).toUpperCase()}</span>
              <span>{t('hash.digit', { digit: outcome.view.hash.slice(63).toUpperCase(), value: outcome.view.digit })}</span>
              <strong className={outcome.view.won ? 'hg-win' : 'hg-loss'}>
                {outcome.view.won ? t('play.youWin', { amount: fmt.money(outcome.win) }) : t('play.noWin')}
              </strong>
            </>
          ) : (
            <span className="hg-muted">{t('hash.intro')}</span>
          )}
        </div>
        <div className="hg-hash__digitmap" aria-label={t('hash.winning')}>
          {[...HEX].map((digit, value) => (
            <span key={digit} className={`hg-hexcell${hashPickWins(pick, value) ? ' is-winning' : ''}${outcome?.view.digit === value ? ' is-drawn' : ''}`}>
              {digit.toUpperCase()}
            </span>
          ))}
        </div>
      </section>
      <section className="hg-results" aria-label={t('play.lastResults')}>
        <span className="hg-results__label">{t('play.lastResults')}</span>
        <ol className="hg-results__strip">
          {results.map((result, index) => (
            <li key={`${result.key}-${index}`} className={result.won ? 'is-win' : 'is-loss'}>
              {HEX[result.digit]!.toUpperCase()}
            </li>
          ))}
        </ol>
      </section>
      <section className="hg-controls">
        <div className="hg-choices" role="group" aria-label={t('hash.pick')}>
          {HASH_PICKS.map((choice) => (
            <button
              key={choice}
              type="button"
              className="hg-choice"
              aria-pressed={pick === choice}
              disabled={busy}
              onClick={() => {
                setPick(choice);
                sound.play('click');
              }}
            >
              <span>{t(`hash.${choice}`)}</span>
              <small>{t('hash.pays', { multiplier: fmt.multiple(WIN_MULTIPLIER) })}</small>
            </button>
          ))}
        </div>
        <StakeControl disabled={busy} />
        <button type="button" className="hg-primary hg-play" disabled={busy} onClick={() => void bet()}>
          {t('play.bet')}
        </button>
      </section>
    </div>
  );
}

function HashParityPaytable() {
  const { t, fmt } = useGame();
  return (
    <>
      <p>{t('rules.HASH-PARITY', { multiplier: fmt.multiple(WIN_MULTIPLIER) })}</p>
      <table className="hg-paytable">
        <thead>
          <tr>
            <th scope="col">{t('rules.betColumn')}</th>
            <th scope="col">{t('hash.winning')}</th>
            <th scope="col">{t('rules.paysColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {HASH_PICKS.map((choice) => (
            <tr key={choice}>
              <td>{t(`hash.${choice}`)}</td>
              <td className="hg-mono">
                {[...HEX]
                  .filter((_, value) => hashPickWins(choice, value))
                  .join(' ')
                  .toUpperCase()}
              </td>
              <td>{fmt.multiple(WIN_MULTIPLIER)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export const hashParityClient: ClientGame = {
  Play: HashParityPlay,
  Paytable: HashParityPaytable,
  summary(view, t) {
    const hash = view as HashView;
    return `${hash.hash.slice(63).toUpperCase()} · ${t(`hash.${hash.pick}`)} · ${hash.won ? '✔' : '✘'}`;
  },
};

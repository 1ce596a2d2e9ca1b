import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { CALL_BETS, RED_NUMBERS, ROULETTE_PAYOUTS, WHEEL_ORDER, neighbours, rouletteColor } from '../../games/index.js';
import type { RouletteChip, RouletteView } from '../../games/types.js';
import { useGame } from '../context.js';
import { motionMs } from '../motion.js';
import type { MessageKey, Translate } from '../i18n/index.js';
import { stakePresets } from '../stake.js';
import type { ClientGame } from './client-game.js';

/** The wheel's spin (a fifth of it with reduced motion). */
const SPIN_MS = 4200;
const SEGMENT = 360 / WHEEL_ORDER.length;

/** One spot of the betting layout, placed on a 14×5 grid (wide screens) or a 5×14 grid (phones). */
interface Spot {
  bet: string;
  label: string;
  name: string;
  className: string;
  wide: [column: number, row: number, columns: number, rows: number];
  tall: [column: number, row: number, columns: number, rows: number];
}

const EVEN_CHANCES = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;

function layoutSpots(t: Translate): Spot[] {
  const spots: Spot[] = [
    { bet: 'straight:0', label: '0', name: t('roulette.number', { n: 0 }), className: 'is-green', wide: [1, 1, 1, 3], tall: [3, 1, 3, 1] },
  ];
  for (let n = 1; n <= 36; n += 1) {
    const red = RED_NUMBERS.includes(n);
    spots.push({
      bet: `straight:${n}`,
      label: String(n),
      name: t('roulette.number', { n }),
      className: red ? 'is-red' : 'is-black',
      wide: [Math.ceil(n / 3) + 1, 3 - ((n - 1) % 3), 1, 1],
      tall: [3 + ((n - 1) % 3), 1 + Math.ceil(n / 3), 1, 1],
    });
  }
  for (let column = 1; column <= 3; column += 1) {
    spots.push({
      bet: `column:${column}`,
      label: '2:1',
      name: t('roulette.column', { n: column }),
      className: 'is-outside is-column',
      wide: [14, 4 - column, 1, 1],
      tall: [2 + column, 14, 1, 1],
    });
  }
  for (let dozen = 1; dozen <= 3; dozen += 1) {
    spots.push({
      bet: `dozen:${dozen}`,
      label: `${dozen * 12 - 11}–${dozen * 12}`,
      name: t('roulette.dozen', { n: dozen }),
      className: 'is-outside',
      wide: [2 + 4 * (dozen - 1), 4, 4, 1],
      tall: [2, 2 + 4 * (dozen - 1), 1, 4],
    });
  }
  EVEN_CHANCES.forEach((chance, index) => {
    spots.push({
      bet: chance,
      label: chance === 'red' || chance === 'black' ? '◆' : t(`roulette.${chance}`),
      name: t(`roulette.${chance}`),
      className: `is-outside${chance === 'red' ? ' is-red-text' : chance === 'black' ? ' is-black-text' : ''}`,
      wide: [2 + 2 * index, 5, 2, 1],
      tall: [1, 2 + 2 * index, 1, 2],
    });
  });
  return spots;
}

function placement(spot: Spot): CSSProperties {
  const [wc, wr, wcs, wrs] = spot.wide;
  const [tc, tr, tcs, trs] = spot.tall;
  return { '--wc': `${wc} / span ${wcs}`, '--wr': `${wr} / span ${wrs}`, '--tc': `${tc} / span ${tcs}`, '--tr': `${tr} / span ${trs}` } as CSSProperties;
}

/** Chips merged by bet key, amounts added exactly. */
function mergeChips(chips: readonly RouletteChip[]): RouletteChip[] {
  const totals = new Map<string, bigint>();
  for (const chip of chips) totals.set(chip.bet, (totals.get(chip.bet) ?? 0n) + toMinorUnits(chip.amount));
  return [...totals].map(([bet, amount]) => ({ bet, amount: fromMinorUnits(amount, { trim: true }) }));
}

function totalOf(chips: readonly RouletteChip[]): string {
  return fromMinorUnits(
    chips.reduce((sum, chip) => sum + toMinorUnits(chip.amount), 0n),
    { trim: true },
  );
}

function Wheel({
  rotation,
  ballRotation,
  spinning,
  spinMs,
  result,
  label,
}: {
  rotation: number;
  ballRotation: number;
  spinning: boolean;
  spinMs: number;
  result: number | null;
  label: string;
}) {
  const point = (radius: number, degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    return `${(100 + radius * Math.sin(radians)).toFixed(2)} ${(100 - radius * Math.cos(radians)).toFixed(2)}`;
  };
  return (
    <div className="hg-wheel" role="img" aria-label={result === null ? label : `${label}: ${result}`}>
      <svg
        viewBox="0 0 200 200"
        className="hg-wheel__disc"
        style={{ transform: `rotate(${rotation}deg)`, transitionDuration: spinning ? `${spinMs}ms` : '0ms' }}
      >
        <circle cx="100" cy="100" r="99" className="hg-wheel__rim" />
        {WHEEL_ORDER.map((pocket, index) => {
          const from = (index - 0.5) * SEGMENT;
          const to = (index + 0.5) * SEGMENT;
          return (
            <g key={pocket}>
              <path
                d={`M ${point(94, from)} A 94 94 0 0 1 ${point(94, to)} L ${point(66, to)} A 66 66 0 0 0 ${point(66, from)} Z`}
                className={`hg-pocket is-${rouletteColor(pocket)}${!spinning && result === pocket ? ' is-result' : ''}`}
              />
              <text x="100" y="15" className="hg-pocket__number" transform={`rotate(${index * SEGMENT} 100 100)`}>
                {pocket}
              </text>
            </g>
          );
        })}
        <circle cx="100" cy="100" r="66" className="hg-wheel__bowl" />
        <circle cx="100" cy="100" r="40" className="hg-wheel__cone" />
        {[0, 45, 90, 135].map((angle) => (
          <rect key={angle} x="97" y="62" width="6" height="76" rx="3" className="hg-wheel__spoke" transform={`rotate(${angle} 100 100)`} />
        ))}
      </svg>
      <svg
        viewBox="0 0 200 200"
        className="hg-wheel__ball"
        style={{ transform: `rotate(${ballRotation}deg)`, transitionDuration: spinning ? `${spinMs}ms` : '0ms' }}
        aria-hidden="true"
      >
        <circle cx="100" cy="30" r="5" />
      </svg>
      <div className="hg-wheel__pointer" aria-hidden="true" />
      {result !== null && !spinning ? <div className={`hg-wheel__result is-${rouletteColor(result)}`}>{result}</div> : null}
    </div>
  );
}

function RoulettePlay() {
  const { t, fmt, limits, start, showBalance, sound } = useGame();
  const chipValues = stakePresets(limits, 5);
  const [chipValue, setChipValue] = useState(() => chipValues[Math.min(1, chipValues.length - 1)] ?? limits.minBet);
  const [placements, setPlacements] = useState<RouletteChip[][]>([]);
  const [lastBet, setLastBet] = useState<RouletteChip[]>([]);
  const [spinning, setSpinning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ view: RouletteView; win: string } | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const [rotation, setRotation] = useState(0);
  const [ballRotation, setBallRotation] = useState(0);
  const [neighbourCentre, setNeighbourCentre] = useState(0);
  const [spinMs] = useState(() => motionMs(SPIN_MS));
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const chips = mergeChips(placements.flat());
  const onTable = new Map(chips.map((chip) => [chip.bet, chip.amount]));
  const wins = new Map((result?.view.chips ?? []).filter((chip) => Number(chip.win) > 0).map((chip) => [chip.bet, chip.win]));
  const spots = layoutSpots(t);
  const locked = busy || spinning;

  const place = (added: RouletteChip[]) => {
    if (locked) return;
    setResult(null);
    setPlacements((known) => [...known, added]);
    sound.play('chip');
  };

  const spin = async () => {
    if (chips.length === 0) return;
    setBusy(true);
    setResult(null);
    sound.play('click');
    const reply = await start({ chips });
    if (!reply) {
      setBusy(false);
      return;
    }
    const view = reply.round.view as RouletteView;
    const index = WHEEL_ORDER.indexOf(view.number);
    // Forward by five turns and then to the pocket under the pointer at the top.
    setRotation((current) => current - (current % 360) + 360 * 5 + (360 - index * SEGMENT));
    setBallRotation((current) => current - (current % 360) - 360 * 7);
    setSpinning(true);
    setLastBet(chips);
    const ticks = window.setInterval(() => sound.play('tick'), 180);
    timer.current = window.setTimeout(() => {
      window.clearInterval(ticks);
      setSpinning(false);
      setBusy(false);
      setResult({ view, win: reply.round.win ?? '0' });
      setRecent((known) => [view.number, ...known].slice(0, 12));
      showBalance(reply.balance);
      sound.play(Number(reply.round.win ?? '0') > 0 ? 'win' : 'lose');
    }, spinMs + 100);
  };

  const callBets: Array<{ key: MessageKey; chips: () => RouletteChip[] }> = [
    { key: 'roulette.voisins', chips: () => CALL_BETS.voisinsDuZero(chipValue) },
    { key: 'roulette.tiers', chips: () => CALL_BETS.tiersDuCylindre(chipValue) },
    { key: 'roulette.orphelins', chips: () => CALL_BETS.orphelins(chipValue) },
    { key: 'roulette.jeuZero', chips: () => CALL_BETS.jeuZero(chipValue) },
  ];

  return (
    <div className="hg-game hg-roulette">
      <section className="hg-stage hg-roulette__stage">
        <Wheel
          rotation={rotation}
          ballRotation={ballRotation}
          spinning={spinning}
          spinMs={spinMs}
          result={result?.view.number ?? null}
          label={t('roulette.wheel')}
        />
        <div className="hg-roulette__side">
          <p className="hg-stage__message" aria-live="polite" data-testid="roulette-message">
            {spinning
              ? t('roulette.spinning')
              : result
                ? `${t('roulette.result', { n: result.view.number, color: t(`roulette.${result.view.color}`) })} · ${
                    Number(result.win) > 0 ? t('play.youWin', { amount: fmt.money(result.win) }) : t('play.noWin')
                  }`
                : t('roulette.intro')}
          </p>
          <ol className="hg-results__strip" aria-label={t('play.lastResults')}>
            {recent.map((number, index) => (
              <li key={`${number}-${index}`} className={`is-${rouletteColor(number)}`}>
                {number}
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="hg-roulette__table" aria-label={t('game.ROULETTE')}>
        <div className="hg-layout">
          {spots.map((spot) => {
            const amount = onTable.get(spot.bet);
            const number = spot.bet.startsWith('straight:') ? Number(spot.bet.slice(9)) : null;
            const hit = result && number === result.view.number;
            return (
              <button
                key={spot.bet}
                type="button"
                className={`hg-spot ${spot.className}${hit ? ' is-hit' : ''}${wins.has(spot.bet) ? ' is-winning' : ''}`}
                style={placement(spot)}
                aria-label={spot.name}
                disabled={locked}
                onClick={() => place([{ bet: spot.bet, amount: chipValue }])}
              >
                <span className="hg-spot__label">{spot.label}</span>
                {amount ? <span className="hg-chip hg-chip--small">{fmt.chip(amount)}</span> : null}
              </button>
            );
          })}
        </div>
        <div className="hg-callbets" role="group" aria-label={t('roulette.callBets')}>
          {callBets.map((call) => (
            <button key={call.key} type="button" className="hg-secondary" disabled={locked} onClick={() => place(call.chips())}>
              {t(call.key)}
            </button>
          ))}
          <span className="hg-callbets__neighbours">
            <label>
              <span className="hg-visually-hidden">{t('roulette.neighbourCentre')}</span>
              <select value={neighbourCentre} disabled={locked} onChange={(event) => setNeighbourCentre(Number(event.target.value))}>
                {WHEEL_ORDER.map((pocket) => (
                  <option key={pocket} value={pocket}>
                    {pocket}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="hg-secondary" disabled={locked} onClick={() => place(neighbours(neighbourCentre, 2, chipValue))}>
              {t('roulette.neighbours', { n: neighbourCentre })}
            </button>
          </span>
        </div>
      </section>
      <section className="hg-controls hg-roulette__controls">
        <div className="hg-chips" role="group" aria-label={t('roulette.chips')}>
          {chipValues.map((value, index) => (
            <button
              key={value}
              type="button"
              className={`hg-chip hg-chip--${index}`}
              aria-label={t('roulette.chip', { amount: fmt.money(value) })}
              aria-pressed={value === chipValue}
              onClick={() => {
                setChipValue(value);
                sound.play('chip');
              }}
            >
              {fmt.chip(value)}
            </button>
          ))}
        </div>
        <div className="hg-roulette__actions">
          <button
            type="button"
            className="hg-secondary"
            disabled={locked || placements.length === 0}
            onClick={() => setPlacements((known) => known.slice(0, -1))}
          >
            {t('roulette.undo')}
          </button>
          <button type="button" className="hg-secondary" disabled={locked || placements.length === 0} onClick={() => setPlacements([])}>
            {t('roulette.clear')}
          </button>
          <button type="button" className="hg-secondary" disabled={locked || lastBet.length === 0} onClick={() => setPlacements([lastBet])}>
            {t('roulette.repeat')}
          </button>
          <button type="button" className="hg-secondary" disabled={locked || chips.length === 0} onClick={() => place(chips)}>
            {t('roulette.double')}
          </button>
        </div>
        <p className="hg-total">
          {t('play.totalStake')}: <strong data-testid="total-stake">{fmt.money(totalOf(chips))}</strong>
        </p>
        <button type="button" className="hg-primary hg-play" disabled={locked || chips.length === 0} onClick={() => void spin()}>
          {t('roulette.spin')}
        </button>
      </section>
    </div>
  );
}

function RoulettePaytable() {
  const { t } = useGame();
  const rows: Array<[MessageKey, number]> = [
    ['rules.straight', ROULETTE_PAYOUTS.straight],
    ['rules.split', ROULETTE_PAYOUTS.split],
    ['rules.street', ROULETTE_PAYOUTS.street],
    ['rules.corner', ROULETTE_PAYOUTS.corner],
    ['rules.line', ROULETTE_PAYOUTS.line],
    ['rules.dozenColumn', ROULETTE_PAYOUTS.dozen],
    ['rules.evenChance', ROULETTE_PAYOUTS.red],
  ];
  return (
    <>
      <p>{t('rules.ROULETTE')}</p>
      <table className="hg-paytable">
        <thead>
          <tr>
            <th scope="col">{t('rules.betColumn')}</th>
            <th scope="col">{t('rules.paysColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, odds]) => (
            <tr key={key}>
              <td>{t(key)}</td>
              <td>{t('rules.odds', { n: odds })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hg-muted">
        {t('roulette.callBets')}: {t('roulette.voisins')} · {t('roulette.tiers')} · {t('roulette.orphelins')} · {t('roulette.jeuZero')} ·{' '}
        {t('roulette.neighbours', { n: 'N' })}
      </p>
    </>
  );
}

export const rouletteClient: ClientGame = {
  Play: RoulettePlay,
  Paytable: RoulettePaytable,
  summary(view, t) {
    const roulette = view as RouletteView;
    return t('roulette.result', { n: roulette.number, color: t(`roulette.${roulette.color}`) });
  },
};

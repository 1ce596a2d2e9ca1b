import { fromMinorUnits, parseMinorUnits } from '@wl/contracts';
import {
  LANTERN_PRIZES,
  LANTERNS_FREE_SPINS_CAP,
  LANTERNS_MAX_WIN_MULTIPLIER,
  LANTERNS_PAYING_SYMBOLS,
  LANTERNS_PAYLINES,
  LANTERNS_PAYTABLE,
  LANTERNS_SCATTER_PAYS,
} from '../../games/index.js';
import { LANTERN_PICKS, LINE_COUNT } from '../../games/slot.js';
import { useGame } from '../context.js';
import { PaylineDiagram, SymbolArt } from './lanterns-art.js';

/** The rules modal's part for LUCKY LANTERNS: every pay at the current stake, the features, the 20 lines. */
export function LanternsPaytable() {
  const { t, fmt, stake } = useGame();
  const stakeUnits = parseMinorUnits(stake) ?? 0n;
  /** A multiple of the line bet (stake / 20) as money: exact, the stake being whole cents. */
  const linePay = (multiple: number) => fmt.money(fromMinorUnits((stakeUnits * BigInt(multiple)) / BigInt(LINE_COUNT)));
  const totalPay = (multiple: number) => fmt.money(fromMinorUnits(stakeUnits * BigInt(multiple)));
  const prizes = LANTERN_PRIZES.map((prize) => prize.multiplier);
  return (
    <div className="hg-lan-rules">
      <p>{t('lanterns.rulesLines')}</p>
      <table className="hg-paytable hg-lan-rules__pays">
        <caption>{t('lanterns.paysCaption', { stake: fmt.money(stake), lineBet: linePay(1) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lanterns.symbolColumn')}</th>
            <th scope="col">5×</th>
            <th scope="col">4×</th>
            <th scope="col">3×</th>
          </tr>
        </thead>
        <tbody>
          {LANTERNS_PAYING_SYMBOLS.map((symbol) => (
            <tr key={symbol}>
              <th scope="row">
                <span className="hg-lan-rules__symbol">
                  <SymbolArt symbol={symbol} />
                  <span>{t(`lanterns.symbol.${symbol}`)}</span>
                </span>
              </th>
              {([5, 4, 3] as const).map((count) => (
                <td key={count}>{linePay(LANTERNS_PAYTABLE[symbol][count])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="hg-lan-rules__feature">
        <span className="hg-lan-rules__icons">
          <SymbolArt symbol="wild" />
        </span>
        <div>
          <h3>{t('lanterns.symbol.wild')}</h3>
          <p>{t('lanterns.rulesWild')}</p>
        </div>
      </div>
      <div className="hg-lan-rules__feature">
        <span className="hg-lan-rules__icons">
          <SymbolArt symbol="scatter" />
        </span>
        <div>
          <h3>{t('lanterns.symbol.scatter')}</h3>
          <p>{t('lanterns.rulesScatter', { cap: LANTERNS_FREE_SPINS_CAP })}</p>
          <table className="hg-paytable">
            <thead>
              <tr>
                <th scope="col">{t('lanterns.scatterCount')}</th>
                <th scope="col">{t('rules.paysColumn')}</th>
                <th scope="col">{t('lanterns.freeSpinsColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(LANTERNS_SCATTER_PAYS).map(([count, pay]) => (
                <tr key={count}>
                  <td>{count}</td>
                  <td>{totalPay(pay.pays)}</td>
                  <td>{pay.freeSpins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="hg-lan-rules__feature">
        <span className="hg-lan-rules__icons hg-lan-rules__icons--wilds">
          <SymbolArt symbol="wild" multiplier={2} />
          <SymbolArt symbol="wild" multiplier={3} />
          <SymbolArt symbol="wild" multiplier={5} />
        </span>
        <div>
          <h3>{t('lanterns.freeSpinsTitle')}</h3>
          <p>{t('lanterns.rulesFreeSpins')}</p>
        </div>
      </div>
      <div className="hg-lan-rules__feature">
        <span className="hg-lan-rules__icons">
          <SymbolArt symbol="lantern" />
        </span>
        <div>
          <h3>{t('lanterns.bonusTitle')}</h3>
          <p>{t('lanterns.rulesBonus', { picks: LANTERN_PICKS, min: Math.min(...prizes), max: Math.max(...prizes) })}</p>
          <p className="hg-muted">{prizes.map((multiple) => `${multiple}×`).join(' · ')}</p>
        </div>
      </div>

      <h3>{t('lanterns.paylinesTitle')}</h3>
      <ol className="hg-lan-rules__lines">
        {LANTERNS_PAYLINES.map((_, line) => (
          <li key={line}>
            <PaylineDiagram line={line} />
            <span>{t('lanterns.lineLabel', { n: line + 1 })}</span>
          </li>
        ))}
      </ol>
      <p>{t('lanterns.rulesCap', { cap: LANTERNS_MAX_WIN_MULTIPLIER.toLocaleString('en-US') })}</p>
    </div>
  );
}

import { LANTERNS_PAYLINES, LANTERNS_REELS, type LanternsSymbol } from '../../games/index.js';
import type { Translate } from '../i18n/index.js';
import { paylineColour, SymbolArt } from './lanterns-art.js';

/*
 * The 5 × 3 reel window. A spinning reel shows its strip scrolling (the strip the round is drawn
 * from, so the blur looks like the real reel); a stopped reel shows exactly the round's grid
 * (grid[reel][row]), landing with a small bounce. Winning cells glow and the payline being shown
 * is drawn over the reels.
 */

export interface ReelsScene {
  grid: LanternsSymbol[][];
  /** The wilds' multipliers by [reel][row] (1 where none). */
  multipliers: number[][];
  kind: 'base' | 'free';
  spinning: boolean[];
  /** Counts stops: a reel's landing animation plays again on each stop. */
  stopCount: number[];
  /** The winning cells shown now, as "reel-row". */
  winCells: ReadonlySet<string>;
  /** The paylines drawn now. */
  lines: readonly number[];
}

/** How many strip positions a spinning reel scrolls through in one loop (the list is drawn twice). */
const BLUR_LENGTH = 6;

function SpinningStrip({ reel, kind, from }: { reel: number; kind: 'base' | 'free'; from: number }) {
  const strip = (kind === 'base' ? LANTERNS_REELS.base : LANTERNS_REELS.free)[reel]!;
  const symbols = Array.from({ length: BLUR_LENGTH }, (_, index) => {
    const position = (from + index) % strip.symbols.length;
    return { symbol: strip.symbols[position]!, multiplier: strip.multipliers[position]! };
  });
  return (
    <div className="hg-lan-strip is-spinning" aria-hidden="true">
      {[...symbols, ...symbols].map((cell, index) => (
        <div key={index} className="hg-lan-cell">
          <SymbolArt symbol={cell.symbol} multiplier={cell.multiplier} />
        </div>
      ))}
    </div>
  );
}

export function Reels({ scene, t }: { scene: ReelsScene; t: Translate }) {
  const highlighting = scene.winCells.size > 0;
  return (
    <div className={`hg-lan-reels${highlighting ? ' has-wins' : ''}`} role="group" aria-label={t('lanterns.reels')} data-testid="lanterns-reels">
      {scene.grid.map((column, reel) => (
        <div
          key={reel}
          className="hg-lan-reel"
          role="list"
          aria-label={t('lanterns.reel', { n: reel + 1 })}
          data-reel={reel}
          data-state={scene.spinning[reel] ? 'spinning' : 'stopped'}
        >
          {scene.spinning[reel] ? (
            <SpinningStrip reel={reel} kind={scene.kind} from={reel * 7} />
          ) : (
            <div key={scene.stopCount[reel]} className={`hg-lan-strip${scene.stopCount[reel] ? ' is-landing' : ''}`}>
              {column.map((symbol, row) => {
                const multiplier = scene.multipliers[reel]?.[row] ?? 1;
                const name = t(`lanterns.symbol.${symbol}`);
                return (
                  <div
                    key={row}
                    role="listitem"
                    className={`hg-lan-cell${scene.winCells.has(`${reel}-${row}`) ? ' is-win' : ''}`}
                    data-symbol={symbol}
                    aria-label={symbol === 'wild' && multiplier > 1 ? t('lanterns.wildMultiplier', { n: multiplier }) : name}
                  >
                    <SymbolArt symbol={symbol} multiplier={multiplier} />
                  </div>
                );
              })}
            </div>
          )}
        </div>
      ))}
      {scene.lines.length > 0 ? (
        <svg className="hg-lan-lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          {scene.lines.map((line) => (
            <polyline
              key={line}
              points={LANTERNS_PAYLINES[line]!.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
              stroke={paylineColour(line)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}

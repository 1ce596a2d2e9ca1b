import type { ReactNode } from 'react';
import type { PublicBet } from '@wl/contracts';
import { useT } from '../i18n/use-t';
import { updateSlip, useSlip } from './betslip-store';
import { useOddsText } from './BetDisplay';
import { priceMove, toggleSelection } from './slip-state';

/** How a price moved since it went on the slip: an arrow, and the words for screen readers. */
export function PriceMove({ move, from }: { move: 'up' | 'down'; from: string }) {
  const { t } = useT();
  const oddsText = useOddsText();
  return (
    <span className="price-move" data-move={move}>
      <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true" focusable="false">
        <path d={move === 'up' ? 'M5 1 9.5 8.5H.5z' : 'M5 9 .5 1.5h9z'} fill="currentColor" />
      </svg>
      <span className="visually-hidden"> {t(move === 'up' ? 'betslip.priceUp' : 'betslip.priceDown', { odds: oddsText(from) })}</span>
    </span>
  );
}

/**
 * A price as a toggle button (ADR 0035): pressed, its selection goes on the betslip; pressed
 * again, it comes off. A suspended match's prices take no press. A price on the slip that moved
 * since it was added shows which way.
 */
export function PriceToggle({ bet, suspended, className, children }: { bet: PublicBet; suspended: boolean; className: string; children: ReactNode }) {
  const slip = useSlip();
  const onSlip = slip.selections.find((selection) => selection.selection_id === bet.selection_id);
  const move = onSlip ? priceMove({ odds: bet.odds, added_odds: onSlip.added_odds }) : null;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={onSlip !== undefined}
      disabled={suspended}
      data-selection-id={bet.selection_id}
      data-move={move ?? undefined}
      onClick={() => updateSlip((state) => toggleSelection(state, bet, suspended))}
    >
      {children}
      {move && onSlip ? <PriceMove move={move} from={onSlip.added_odds} /> : null}
    </button>
  );
}

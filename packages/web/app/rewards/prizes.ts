import type { SpinPrize } from '@wl/contracts';
import { formatAmount } from '../shared/format/numbers';
import type { SiteT } from '../i18n/translate';

type PrizeFields = Pick<SpinPrize, 'prize_type' | 'amount'>;

/**
 * A prize in the player's language, from its type and amount: the server's `label` is English
 * (and free text an operator wrote), so it is never shown. "50 tokens", "No prize", "1 USD balance".
 */
export function prizeLabel(t: SiteT, prize: PrizeFields, currency: string): string {
  const amount = formatAmount(prize.amount);
  switch (prize.prize_type) {
    case 'none':
      return t('rewards.prize.none');
    case 'tokens':
      return t('rewards.prize.tokens', { amount });
    case 'frozen_tokens':
      return t('rewards.prize.frozen', { amount });
    case 'balance':
      return t('rewards.prize.balance', { amount, currency });
  }
}

/** A prize as the wheel draws it: a short value in large type and a unit under it ("50" / "tokens"). */
export function prizeFace(t: SiteT, prize: PrizeFields, currency: string): { value: string; unit: string } {
  switch (prize.prize_type) {
    case 'none':
      return { value: '✕', unit: t('rewards.wheel.none') };
    case 'tokens':
      return { value: formatAmount(prize.amount), unit: t('rewards.wheel.tokens') };
    case 'frozen_tokens':
      return { value: formatAmount(prize.amount), unit: t('rewards.wheel.frozen') };
    case 'balance':
      return { value: formatAmount(prize.amount), unit: currency };
  }
}

/** Segment colours cycle through four theme pairs; an odd table never puts two equal colours side by side. */
export function segmentTone(index: number, count: number): number {
  const tone = index % 4;
  return index === count - 1 && index > 0 && tone === 0 ? 2 : tone;
}

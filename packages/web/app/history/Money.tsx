import { formatAmount } from '../shared/format/numbers';
import { useT } from '../i18n/use-t';

/** The sign of an exact decimal string: 1 above zero, -1 below, 0 for zero. */
export function signOf(amount: string): -1 | 0 | 1 {
  const text = amount.trim();
  if (!/[1-9]/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/**
 * An amount by the number-display rule (docs/product.md §5) with the site's currency. `signed` shows a
 * credit with "+" and a debit with "−" and says which it is to screen readers: the colour is
 * only a second cue (data-sign).
 */
export function Money({ amount, currency, signed = false, className = '' }: { amount: string; currency: string; signed?: boolean; className?: string }) {
  const { t } = useT();
  const sign = signOf(amount);
  const magnitude = formatAmount(amount.trim().replace(/^[-+]/, ''));
  const tone = !signed || sign === 0 ? undefined : sign > 0 ? 'credit' : 'debit';
  return (
    <span className={`money ${className}`.trim()} data-sign={tone}>
      {tone ? <span className="visually-hidden">{t(tone === 'credit' ? 'history.credit' : 'history.debit')} </span> : null}
      <span className="money__value">
        {tone === 'credit' ? '+' : tone === 'debit' ? '\u2212' : !signed && sign < 0 ? '-' : ''}
        {magnitude}
      </span>{' '}
      <span className="money__currency">{currency}</span>
    </span>
  );
}

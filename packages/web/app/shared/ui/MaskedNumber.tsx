import { useT } from '../../i18n/use-t';
import { lastDigits } from '../format/numbers';

/**
 * An account number where others may look (a request, a record): its last four digits only, and
 * to screen readers "account ending in 1234" rather than four bullets.
 */
export function MaskedNumber({ number, className = '' }: { number: string; className?: string }) {
  const { t } = useT();
  const digits = lastDigits(number);
  if (!digits) return null;
  return (
    <>
      <span className={`masked-number ${className}`.trim()} aria-hidden="true">
        ••••{digits}
      </span>
      <span className="visually-hidden">{t('history.transactions.accountEnding', { digits })}</span>
    </>
  );
}

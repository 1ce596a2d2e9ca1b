import { NumberOnlyInput } from '../shared/ui/inputs';
import { useT } from '../i18n/use-t';
import { money, quickAmounts } from '../shared/format/amounts';

interface AmountFieldProps {
  id: string;
  value: string;
  onValue: (value: string) => void;
  currency: string;
  min: string;
  max: string;
  error: string | undefined;
  /** Extra quick amount labelled "Max" (a withdrawal's whole available balance within the limit). */
  maximum?: string | undefined;
}

/**
 * The amount of a deposit or withdrawal: the number-only input of docs/product.md §5 (whole units), the
 * site's limits under it, and quick amounts between them.
 */
export function AmountField({ id, value, onValue, currency, min, max, error, maximum }: AmountFieldProps) {
  const { t } = useT();
  const quick = quickAmounts(min, maximum ?? max, 5);
  const chips = maximum && maximum !== '0' && !quick.includes(maximum) ? [...quick, maximum] : quick;
  return (
    <div className="banking-amount">
      <div className="banking-amount__field" data-currency={currency}>
        <NumberOnlyInput
          id={id}
          name="amount"
          label={t('banking.amount', { currency })}
          hint={t('banking.limits', { min: money(min, currency), max: money(max, currency) })}
          autoComplete="off"
          maxLength={12}
          value={value}
          onValue={onValue}
          error={error}
        />
      </div>
      {chips.length ? (
        <div className="banking-quick" role="group" aria-label={t('banking.quickAmounts')}>
          {chips.map((amount) => (
            <button
              key={amount}
              type="button"
              className="chip banking-quick__chip"
              aria-pressed={value === amount}
              onClick={() => onValue(amount)}
            >
              {amount === maximum ? t('banking.maxAmount', { amount: money(amount, '') }) : money(amount, '')}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

import { NumberOnlyInput } from '../../shared/ui/inputs';
import { TextField } from '../../shared/forms/fields';
import { useT } from '../../i18n/use-t';

/** What every preset takes: the rest (name, label, limits, autocomplete) is the same wherever the field appears. */
interface PresetProps {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

/** The account id of login, registration and forgot-password forms (docs/product.md D5: 4–16 letters or digits). */
export function AccountIdField(props: PresetProps) {
  const { t } = useT();
  return (
    <TextField
      {...props}
      name="account_id"
      label={t('shell.accountId')}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={16}
      required
    />
  );
}

/** The contact phone: number-only input (docs/product.md §5), 8–15 digits. */
export function PhoneField(props: Omit<PresetProps, 'hint'>) {
  const { t } = useT();
  return (
    <NumberOnlyInput
      {...props}
      name="contact_phone"
      label={t('shell.phone')}
      hint={t('shell.phoneHint')}
      autoComplete="tel"
      maxLength={15}
      required
    />
  );
}

/** A one-time code: six digits, number-only. */
export function CodeField({ onValue, ...props }: Omit<PresetProps, 'hint'>) {
  const { t } = useT();
  return (
    <NumberOnlyInput
      {...props}
      onValue={(value) => onValue(value.slice(0, 6))}
      name="tac"
      label={t('shell.code')}
      hint={t('shell.codeHint')}
      autoComplete="one-time-code"
      maxLength={6}
      required
    />
  );
}

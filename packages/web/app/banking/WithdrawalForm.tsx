import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { STATUS, isAtLeast, isSessionEndMessage, wholeUnitsOf, type BankAccount, type BankingSummaryReply, type KycRequiredReply, type WithdrawalReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { showToast } from '../client/toasts';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { errorMessageText } from '../lib/messages';
import { useLocale } from '../lib/use-locale';
import { FormMessage } from '../shared/forms/fields';
import { firstInvalid, replyErrors, type FieldErrors } from '../shared/forms/validation';
import { AmountField } from './AmountField';
import { amountProblem, money } from '../shared/format/amounts';
import { MaskedNumber } from '../shared/ui/MaskedNumber';
import { isKycRequired, kycRequiredText } from '../verification/documents';

const FIELDS = ['bank_account_id', 'amount'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The withdrawal form (issue 9): one of the player's bank accounts (the default chosen first) and
 * an amount within the site's limits and the available balance (number-only, quick amounts and
 * the most the player can take). The amount is held at once; `onRequested` gets the reply, with
 * the balances after the hold.
 */
export function WithdrawalForm({ summary, accounts, onRequested }: { summary: BankingSummaryReply; accounts: BankAccount[]; onRequested: (reply: WithdrawalReply) => void }) {
  const { t } = useT();
  const { to, locale } = useLocale();
  const id = useId();
  const [accountId, setAccountId] = useState(() => (accounts.find((account) => account.is_default) ?? accounts[0])?.bank_account_id ?? 0);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** A refusal until the player is verified (ADR 0040): what to upload, said with the way to /verification. */
  const [kyc, setKyc] = useState<KycRequiredReply | null>(null);
  const fieldId = (field: Field | 'form') => `${id}-${field}`;
  const { currency, limits, game_balance: available } = summary;

  // The most a player can ask for: the available balance within the maximum, in whole units (the input takes digits only).
  const ceiling = isAtLeast(available, limits.max_withdrawal) ? limits.max_withdrawal : available;
  const most = wholeUnitsOf(ceiling);
  const canWithdraw = amountProblem(most, { min: limits.min_withdrawal, max: limits.max_withdrawal, available }) === null;

  const showErrors = (fields: FieldErrors<Field>, form: string | null) => {
    setErrors(fields);
    setFormError(form);
    setKyc(null);
    const target = firstInvalid(FIELDS, fields) ?? (form ? 'form' : null);
    if (target) requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());
  };

  const amountText = (problem: NonNullable<ReturnType<typeof amountProblem>>) => {
    switch (problem) {
      case 'required':
        return t('banking.amountRequired');
      case 'amountTooSmall':
        return t('banking.amountTooSmall', { amount: money(limits.min_withdrawal, currency) });
      case 'amountTooLarge':
        return t('banking.amountTooLarge', { amount: money(limits.max_withdrawal, currency) });
      default:
        return t('banking.withdrawal.overBalance', { amount: money(available, currency) });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = amountProblem(amount, { min: limits.min_withdrawal, max: limits.max_withdrawal, available });
    const checks: FieldErrors<Field> = {
      bank_account_id: accountId ? undefined : t('banking.withdrawal.chooseAccount'),
      amount: problem ? amountText(problem) : undefined,
    };
    if (firstInvalid(FIELDS, checks)) return showErrors(checks, null);

    setBusy(true);
    const reply = await callApi('withdrawalRequest', { ...sessionCallPayload(), bank_account_id: accountId, amount });
    setBusy(false);
    if (reply.statusCode === STATUS.ok && 'value' in reply) {
      showErrors({}, null);
      setAmount('');
      showToast({ kind: 'success', title: t('banking.withdrawal.requested', { reference: reply.value.reference, amount: money(reply.value.amount, currency) }), text: t('banking.withdrawal.requestedText') });
      onRequested(reply);
      return;
    }
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    if (reply.message === 'amountTooSmall' || reply.message === 'amountTooLarge' || reply.message === 'insufficientBalance') {
      return showErrors({ amount: amountText(reply.message) }, null);
    }
    if (reply.message === 'notFound') return showErrors({ bank_account_id: errorMessageText('notFound') }, null);
    if (isKycRequired(reply)) {
      showErrors({}, null);
      setKyc(reply);
      requestAnimationFrame(() => document.getElementById(fieldId('form'))?.focus());
      return;
    }
    const failure = replyErrors(reply, FIELDS);
    showErrors(failure.fields, failure.form);
  };

  return (
    <form className="player-card banking-form banking-step" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-testid="withdrawal-form">
      <FormMessage text={formError} id={fieldId('form')} />
      {kyc ? (
        <div className="form-message form-message--info banking-kyc" id={fieldId('form')} role="alert" tabIndex={-1} data-testid="kyc-required">
          <p className="banking-kyc__title">{t('verification.required.title')}</p>
          <p>{kycRequiredText(kyc, t, locale)}</p>
          <Link to={to('/verification')} className="btn btn--primary banking-kyc__link">
            <Icon name="idCard" size={18} />
            {t('verification.required.link')}
          </Link>
        </div>
      ) : null}
      <div className="banking-step__head">
        <h2 id={`${id}-account-title`} className="banking-step__title">
          <span className="banking-step__number" aria-hidden="true">
            1
          </span>
          {t('banking.withdrawal.accountTitle')}
        </h2>
        <Link to={to('/bank-details')} className="banking-requests__all">
          {t('banking.withdrawal.manageAccounts')}
        </Link>
      </div>
      <div className="banking-choices" role="radiogroup" aria-labelledby={`${id}-account-title`} id={fieldId('bank_account_id')} tabIndex={-1}>
        {accounts.map((account) => (
          <label key={account.bank_account_id} className="banking-choice banking-choice--payee" data-testid="payee-account">
            <input type="radio" name="bank_account" value={account.bank_account_id} checked={account.bank_account_id === accountId} onChange={() => setAccountId(account.bank_account_id)} />
            <span className="banking-choice__body">
              <Icon name="bank" size={20} />
              <span className="banking-choice__text">
                <span className="banking-choice__name">{account.bank_name}</span>
                <span className="banking-choice__code">
                  {account.account_name} · <MaskedNumber number={account.account_number} />
                </span>
              </span>
              {account.is_default ? <span className="badge banking-default">{t('banking.accounts.default')}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {errors.bank_account_id ? <p className="field__error">{errors.bank_account_id}</p> : null}

      <h2 className="banking-step__title">
        <span className="banking-step__number" aria-hidden="true">
          2
        </span>
        {t('banking.withdrawal.amountTitle')}
      </h2>
      {canWithdraw ? (
        <AmountField
          id={fieldId('amount')}
          value={amount}
          onValue={setAmount}
          currency={currency}
          min={limits.min_withdrawal}
          max={limits.max_withdrawal}
          maximum={most}
          error={errors.amount}
        />
      ) : (
        <p className="banking-step__note" data-testid="withdrawal-below-minimum">
          {t('banking.withdrawal.belowMinimum', { amount: money(limits.min_withdrawal, currency), available: money(available, currency) })}
        </p>
      )}
      <div className="player-card__actions">
        <button type="submit" className="btn btn--primary banking-submit" disabled={busy || !canWithdraw}>
          {busy ? t('banking.sending') : t('banking.withdrawal.submit')}
        </button>
      </div>
      <p className="banking-step__note">{t('banking.withdrawal.holdNote')}</p>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { STATUS, isSessionEndMessage, type DepositMethodsReply, type DepositRecord } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { showToast } from '../client/toasts';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { errorMessageText } from '../lib/messages';
import { FormMessage, TextField } from '../shared/forms/fields';
import { firstInvalid, replyErrors, type FieldErrors } from '../shared/forms/validation';
import { AmountField } from './AmountField';
import { amountProblem, groupedNumber, money } from '../shared/format/amounts';
import { CopyButton } from '../shared/ui/CopyButton';
import { readReceiptFile } from './receipt-file';

const FIELDS = ['receiving_account_id', 'amount', 'transfer_reference', 'receipt_id', 'promotion_id'] as const;
type Field = (typeof FIELDS)[number];

type Receipt = { kind: 'none' } | { kind: 'uploading'; name: string } | { kind: 'ready'; id: number; name: string; preview: string };

/**
 * The deposit form (issue 9): the method, the operator's account the player pays into (its
 * details with copy buttons), the amount within the site's limits (number-only, quick amounts),
 * the transfer's reference and/or a receipt image, and a promotion to join. The request waits for
 * the operator; `onRequested` gets it.
 */
export function DepositForm({ methods, onRequested }: { methods: DepositMethodsReply; onRequested: (record: DepositRecord) => void }) {
  const { t } = useT();
  const id = useId();
  const [methodId, setMethodId] = useState(methods.value[0]?.method_id ?? 0);
  const method = methods.value.find((entry) => entry.method_id === methodId) ?? methods.value[0];
  const [accountId, setAccountId] = useState(method?.receiving_accounts[0]?.receiving_account_id ?? 0);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<Receipt>({ kind: 'none' });
  const [promotionId, setPromotionId] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fieldId = (field: Field | 'form') => `${id}-${field}`;
  const currency = methods.currency;

  // The preview's object URL lives as long as the receipt shown.
  const preview = receipt.kind === 'ready' ? receipt.preview : null;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  if (!method) return <p className="player-empty">{t('banking.deposit.noMethods')}</p>;

  const chooseMethod = (next: number) => {
    setMethodId(next);
    const chosen = methods.value.find((entry) => entry.method_id === next);
    setAccountId(chosen?.receiving_accounts[0]?.receiving_account_id ?? 0);
  };

  const showErrors = (fields: FieldErrors<Field>, form: string | null) => {
    setErrors(fields);
    setFormError(form);
    const first = firstInvalid(FIELDS, fields);
    const target = first ?? (form ? 'form' : null);
    if (target) requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());
  };

  const chooseReceipt = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await readReceiptFile(file);
    if (!read.ok) {
      setErrors((before) => ({ ...before, receipt_id: t(read.problem === 'tooLarge' ? 'banking.deposit.receiptTooLarge' : 'banking.deposit.receiptType') }));
      return;
    }
    setReceipt({ kind: 'uploading', name: file.name });
    setErrors((before) => ({ ...before, receipt_id: undefined }));
    const reply = await callApi('receiptUpload', { ...sessionCallPayload(), content_type: read.contentType, data: read.data });
    if (reply.statusCode === STATUS.ok && 'receipt_id' in reply) {
      setReceipt({ kind: 'ready', id: reply.receipt_id, name: file.name, preview: URL.createObjectURL(file) });
      return;
    }
    setReceipt({ kind: 'none' });
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    setErrors((before) => ({ ...before, receipt_id: errorMessageText(reply.message) }));
  };

  const amountText = (problem: NonNullable<ReturnType<typeof amountProblem>>) =>
    problem === 'required'
      ? t('banking.amountRequired')
      : problem === 'amountTooSmall'
        ? t('banking.amountTooSmall', { amount: money(methods.min_deposit, currency) })
        : t('banking.amountTooLarge', { amount: money(methods.max_deposit, currency) });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || receipt.kind === 'uploading') return;
    const problem = amountProblem(amount, { min: methods.min_deposit, max: methods.max_deposit });
    const checks: FieldErrors<Field> = {
      receiving_account_id: accountId ? undefined : t('banking.deposit.chooseAccount'),
      amount: problem ? amountText(problem) : undefined,
      transfer_reference: reference.trim() || receipt.kind === 'ready' ? undefined : t('banking.deposit.referenceOrReceipt'),
    };
    if (firstInvalid(FIELDS, checks)) return showErrors(checks, null);

    setBusy(true);
    const reply = await callApi('depositRequest', {
      ...sessionCallPayload(),
      method_id: method.method_id,
      receiving_account_id: accountId,
      amount,
      ...(reference.trim() ? { transfer_reference: reference.trim() } : {}),
      ...(receipt.kind === 'ready' ? { receipt_id: receipt.id } : {}),
      ...(promotionId ? { promotion_id: Number(promotionId) } : {}),
    });
    setBusy(false);
    if (reply.statusCode === STATUS.ok && 'value' in reply) {
      showErrors({}, null);
      setAmount('');
      setReference('');
      setReceipt({ kind: 'none' });
      setPromotionId('');
      showToast({ kind: 'success', title: t('banking.deposit.requested', { reference: reply.value.reference }), text: t('banking.deposit.requestedText') });
      onRequested(reply.value);
      return;
    }
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    // A refusal by a deposit limit says, on the amount, which limit and what it leaves (ADR 0039).
    const failure = replyErrors(reply, FIELDS, currency);
    // The limits' keys belong to the amount.
    if (reply.message === 'amountTooSmall' || reply.message === 'amountTooLarge') return showErrors({ amount: amountText(reply.message) }, null);
    if (reply.message === 'receiptInUse') return showErrors({ receipt_id: errorMessageText(reply.message) }, null);
    showErrors(failure.fields, failure.form);
  };

  return (
    <form className="banking-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-testid="deposit-form">
      <FormMessage text={formError} id={fieldId('form')} />

      <section className="player-card banking-step" aria-labelledby={`${id}-method-title`}>
        <h2 id={`${id}-method-title`} className="banking-step__title">
          <span className="banking-step__number" aria-hidden="true">
            1
          </span>
          {t('banking.deposit.methodTitle')}
        </h2>
        {methods.value.length > 1 ? (
          <div className="banking-choices banking-choices--methods" role="radiogroup" aria-labelledby={`${id}-method-title`}>
            {methods.value.map((entry) => (
              <label key={entry.method_id} className="banking-choice">
                <input type="radio" name="method" value={entry.method_id} checked={entry.method_id === method.method_id} onChange={() => chooseMethod(entry.method_id)} />
                <span className="banking-choice__body">
                  <Icon name={entry.kind === 'e_wallet' ? 'phone' : 'bank'} size={20} />
                  <span className="banking-choice__name">{entry.name}</span>
                </span>
              </label>
            ))}
          </div>
        ) : (
          <p className="banking-step__chosen">
            <Icon name={method.kind === 'e_wallet' ? 'phone' : 'bank'} size={20} />
            {method.name}
          </p>
        )}
        {method.instructions ? <p className="banking-step__note">{method.instructions}</p> : null}
      </section>

      <section className="player-card banking-step" aria-labelledby={`${id}-account-title`}>
        <h2 id={`${id}-account-title`} className="banking-step__title">
          <span className="banking-step__number" aria-hidden="true">
            2
          </span>
          {t('banking.deposit.accountTitle')}
        </h2>
        <p className="banking-step__note">{t('banking.deposit.accountLead')}</p>
        <div
          className="banking-choices"
          role="radiogroup"
          aria-labelledby={`${id}-account-title`}
          aria-invalid={errors.receiving_account_id ? true : undefined}
          id={fieldId('receiving_account_id')}
          tabIndex={-1}
        >
          {method.receiving_accounts.map((account) => (
            <div key={account.receiving_account_id} className="banking-receiving" data-testid="receiving-account">
              <label className="banking-choice banking-choice--account">
                <input
                  type="radio"
                  name="receiving_account"
                  value={account.receiving_account_id}
                  checked={account.receiving_account_id === accountId}
                  onChange={() => setAccountId(account.receiving_account_id)}
                />
                <span className="banking-choice__body">
                  <span className="banking-choice__name">{account.bank_name}</span>
                  <span className="banking-choice__code">{account.bank_code}</span>
                </span>
              </label>
              <dl className="banking-receiving__details">
                <div className="banking-receiving__row">
                  <dt>{t('banking.accountName')}</dt>
                  <dd>
                    <span className="banking-receiving__value">{account.account_name}</span>
                    <CopyButton value={account.account_name} label={t('banking.accountName')} />
                  </dd>
                </div>
                <div className="banking-receiving__row">
                  <dt>{t('banking.accountNumber')}</dt>
                  <dd>
                    <span className="banking-receiving__value banking-receiving__number" data-testid="receiving-number">
                      {groupedNumber(account.account_number)}
                    </span>
                    <CopyButton value={account.account_number} label={t('banking.accountNumber')} />
                  </dd>
                </div>
              </dl>
            </div>
          ))}
        </div>
        {errors.receiving_account_id ? <p className="field__error">{errors.receiving_account_id}</p> : null}
      </section>

      <section className="player-card banking-step" aria-labelledby={`${id}-details-title`}>
        <h2 id={`${id}-details-title`} className="banking-step__title">
          <span className="banking-step__number" aria-hidden="true">
            3
          </span>
          {t('banking.deposit.detailsTitle')}
        </h2>
        <AmountField
          id={fieldId('amount')}
          value={amount}
          onValue={setAmount}
          currency={currency}
          min={methods.min_deposit}
          max={methods.max_deposit}
          error={errors.amount}
        />
        <TextField
          id={fieldId('transfer_reference')}
          name="transfer_reference"
          label={t('banking.deposit.reference')}
          hint={t('banking.deposit.referenceHint')}
          autoComplete="off"
          maxLength={64}
          value={reference}
          onValue={setReference}
          error={errors.transfer_reference}
        />
        <div className={errors.receipt_id ? 'field field--invalid' : 'field'}>
          <span className="field__label" id={`${id}-receipt-label`}>
            {t('banking.deposit.receipt')}
          </span>
          {receipt.kind === 'ready' ? (
            <div className="banking-receipt" data-testid="receipt-attached">
              <img src={receipt.preview} alt={t('banking.deposit.receiptPreview')} className="banking-receipt__preview" />
              <span className="banking-receipt__name">{receipt.name}</span>
              <button type="button" className="btn btn--ghost" onClick={() => setReceipt({ kind: 'none' })}>
                {t('banking.deposit.receiptRemove')}
              </button>
            </div>
          ) : (
            <>
              <input
                ref={fileInput}
                id={fieldId('receipt_id')}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="visually-hidden"
                aria-labelledby={`${id}-receipt-label`}
                aria-describedby={`${id}-receipt-hint`}
                onChange={(event) => void chooseReceipt(event)}
              />
              <button type="button" className="btn btn--ghost banking-receipt__choose" disabled={receipt.kind === 'uploading'} onClick={() => fileInput.current?.click()}>
                <Icon name="upload" size={18} />
                {receipt.kind === 'uploading' ? t('banking.deposit.receiptUploading') : t('banking.deposit.receiptChoose')}
              </button>
            </>
          )}
          {errors.receipt_id ? (
            <p className="field__error">{errors.receipt_id}</p>
          ) : (
            <p className="field__hint" id={`${id}-receipt-hint`}>
              {t('banking.deposit.receiptHint')}
            </p>
          )}
        </div>
        {methods.promotions.length ? (
          <div className="field">
            <label className="field__label" htmlFor={fieldId('promotion_id')}>
              {t('banking.deposit.promotion')}
            </label>
            <select id={fieldId('promotion_id')} className="field__input" value={promotionId} onChange={(event) => setPromotionId(event.target.value)}>
              <option value="">{t('banking.deposit.noPromotion')}</option>
              {methods.promotions.map((promotion) => (
                <option key={promotion.promotion_id} value={promotion.promotion_id}>
                  {promotion.title}
                </option>
              ))}
            </select>
            <p className="field__hint">{t('banking.deposit.promotionHint')}</p>
          </div>
        ) : null}
        <div className="player-card__actions">
          <button type="submit" className="btn btn--primary banking-submit" disabled={busy || receipt.kind === 'uploading'}>
            {busy ? t('banking.sending') : t('banking.deposit.submit')}
          </button>
        </div>
      </section>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { OpsPayment } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, money, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';

/*
 * One pending payment in a modal dialog (the native <dialog>: focus kept inside, Escape closes):
 * its details, a deposit's receipt, and the decision with its reason.
 */

interface Props {
  payment: OpsPayment;
  siteName: string;
  mayDecide: boolean;
  onClose: () => void;
  onDecided: (notice: string) => void;
}

type Receipt = { state: 'none' } | { state: 'loading' } | { state: 'shown'; src: string; width: number; height: number } | { state: 'failed'; text: string };

export function ReviewDialog({ payment, siteName, mayDecide, onClose, onDecided }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [receipt, setReceipt] = useState<Receipt>(payment.receipt_id ? { state: 'loading' } : { state: 'none' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    if (!payment.receipt_id) return;
    let current = true;
    void opsCall('opsReceipt', { receipt_id: payment.receipt_id }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) setReceipt({ state: 'failed', text: failureText(reply.message) });
      else setReceipt({ state: 'shown', src: `data:${reply.content_type};base64,${reply.data}`, width: reply.width, height: reply.height });
    });
    return () => {
      current = false;
    };
  }, [payment.receipt_id]);

  async function decide(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const approve = submitter?.value === 'approve';
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 3) return setError(failureText('tooShort'));
    const call = payment.kind === 'deposit' ? (approve ? 'opsDepositApprove' : 'opsDepositReject') : approve ? 'opsWithdrawalApprove' : 'opsWithdrawalReject';
    setBusy(true);
    setError('');
    const reply = await opsCall(call, { payment_id: payment.payment_id, reason });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    onDecided(t(approve ? 'payments.approved' : 'payments.rejected', { reference: payment.reference }));
  }

  const account = payment.kind === 'deposit' ? payment.receiving_account : payment.bank_account;
  const checks = payment.player_checks;
  return (
    <dialog ref={dialog} className="review" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id={titleId}>{t('payments.reviewOf', { reference: payment.reference })}</h2>
        <button type="button" className="quiet" onClick={() => dialog.current?.close()}>
          {t('payments.close')}
        </button>
      </header>
      <dl className="facts">
        <dt>{t('payments.kind')}</dt>
        <dd>{t(`payments.${payment.kind}`)}</dd>
        <dt>{t('payments.amount')}</dt>
        <dd className="amount">{money(payment.amount, payment.currency)}</dd>
        <dt>{t('payments.site')}</dt>
        <dd>{siteName}</dd>
        <dt>{t('payments.player')}</dt>
        <dd>
          <span className="mono">{payment.account_id}</span> {payment.full_name}
        </dd>
        <dt>{t('payments.requested')}</dt>
        <dd>{dateTime(payment.created_at)}</dd>
        {payment.method_name && (
          <>
            <dt>{t('payments.method')}</dt>
            <dd>{payment.method_name}</dd>
          </>
        )}
        {account && (
          <>
            <dt>{payment.kind === 'deposit' ? t('payments.toAccount') : t('payments.fromAccount')}</dt>
            <dd>
              {account.bank_name} <span className="mono">{account.account_number}</span> ({account.account_name})
            </dd>
          </>
        )}
        {payment.transfer_reference && (
          <>
            <dt>{t('payments.transferReference')}</dt>
            <dd className="mono">{payment.transfer_reference}</dd>
          </>
        )}
        {payment.promotion_id && (
          <>
            <dt>{t('payments.promotion')}</dt>
            <dd>#{payment.promotion_id}</dd>
          </>
        )}
        <dt>{t('payments.verification')}</dt>
        <dd>{t(`payments.kycLevel.${checks.kyc_level}`)}</dd>
        <dt>{t('payments.riskFlags')}</dt>
        <dd>
          {checks.risk_flags.length ? (
            <ul className="risk-flags">
              {checks.risk_flags.map((flag) => (
                <li key={flag.flag_id}>
                  <strong>{t(`payments.flagStatus.${flag.status}`)}</strong> {flag.reason} <span className="sub">{dateTime(flag.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            t('payments.noRiskFlags')
          )}
        </dd>
      </dl>
      {payment.kind === 'withdrawal' && checks.risk_flags.length > 0 && (
        <p className="note" role="note">
          {t('payments.heldByFlags')}
        </p>
      )}
      {payment.kind === 'deposit' && (
        <figure className="receipt">
          <figcaption>{t('payments.receipt')}</figcaption>
          {receipt.state === 'none' && <p>{t('payments.noReceipt')}</p>}
          {receipt.state === 'loading' && <p>{t('payments.loadingReceipt')}</p>}
          {receipt.state === 'failed' && <p className="form-error">{receipt.text}</p>}
          {receipt.state === 'shown' && (
            <img src={receipt.src} width={receipt.width} height={receipt.height} alt={t('payments.receiptAlt', { player: payment.account_id, reference: payment.reference })} />
          )}
        </figure>
      )}
      {mayDecide ? (
        <form className="decision" onSubmit={decide}>
          <label>
            {t('payments.reason')}
            <textarea name="reason" rows={2} maxLength={500} required minLength={3} />
          </label>
          <Messages error={error} />
          <div className="buttons">
            <button type="submit" name="decision" value="approve" className="primary" disabled={busy}>
              {t('payments.approve')}
            </button>
            <button type="submit" name="decision" value="reject" className="danger" disabled={busy}>
              {t('payments.reject')}
            </button>
          </div>
        </form>
      ) : (
        <p className="note">{t('payments.readOnly')}</p>
      )}
    </dialog>
  );
}

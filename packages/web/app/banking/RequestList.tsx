import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { STATUS, type DepositRecord, type PaymentStatus, type WithdrawalRecord } from '@wl/contracts';
import { onLiveBalance } from '../play/use-live-balance';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { showToast } from '../client/toasts';
import { Icon } from '../shared/ui/icons';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { money } from '../shared/format/amounts';
import { MaskedNumber } from '../shared/ui/MaskedNumber';
import { StatusBadge } from '../shared/ui/StatusBadge';
import { paymentStatusLabel } from '../history/labels';
import { RevalidateNote } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { sessionLoader } from '../shared/data/session-loader';

/** How many of the latest requests the deposit and withdrawal pages show. */
export const RECENT_REQUESTS = 5;

export type RequestKind = 'deposit' | 'withdrawal';
type AnyRecord = DepositRecord | WithdrawalRecord;

/** The available and held balance a withdrawal's cancel answers. */
type Balances = { game_balance: string; held_balance: string };

const idOf = (record: AnyRecord): number => ('deposit_id' in record ? record.deposit_id : record.withdrawal_id);

/**
 * The player's latest requests of a kind for a route's clientLoader (ADR 0058). Their failure is
 * only a part of the page: the global handler says it as a toast.
 */
export function loadRecentRequests(kind: RequestKind, signal: AbortSignal): Promise<Loaded<{ value: AnyRecord[] }>> {
  const payload = { page: 1, page_size: RECENT_REQUESTS };
  return kind === 'deposit' ? sessionLoader('deposits', payload, { signal, toast: true }) : sessionLoader('withdrawals', payload, { signal, toast: true });
}

/**
 * While a request is pending the route loads again whenever the live balance moves (an operator's
 * decision moves the money: ADR 0031) and when the tab is shown again; nothing is polled. A request
 * decided since the last load is announced (the header's balance has come with the stream; the
 * page's own balances came with the same load).
 */
function useDecisions(kind: RequestKind, records: AnyRecord[] | null): void {
  const { t } = useT();
  const { revalidate } = useRevalidator();
  const statuses = useRef<Map<number, PaymentStatus> | null>(null);

  useEffect(() => {
    if (!records) return;
    const before = statuses.current;
    // A request the operator decided since the last look: say so.
    if (before) for (const record of records) if (before.get(idOf(record)) === 'pending' && record.status !== 'pending') announceDecision(t, kind, record);
    statuses.current = new Map(records.map((record) => [idOf(record), record.status]));
  }, [records, kind, t]);

  const pending = !!records?.some((record) => record.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const again = () => {
      if (document.visibilityState === 'visible') void revalidate();
    };
    const unsubscribe = onLiveBalance(again);
    document.addEventListener('visibilitychange', again);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', again);
    };
  }, [pending, revalidate]);
}

function announceDecision(t: ReturnType<typeof useT>['t'], kind: RequestKind, record: AnyRecord): void {
  const amount = money(record.amount, record.currency);
  if (record.status === 'approved') {
    showToast({ kind: 'success', title: t(`banking.decided.${kind}Approved`, { reference: record.reference, amount }) });
  } else if (record.status === 'rejected') {
    showToast({ kind: 'warning', title: t(`banking.decided.${kind}Rejected`, { reference: record.reference, amount }), text: record.reason || undefined });
  }
}

const REQUEST_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The latest requests of a kind with their status; a pending one has a cancel button that asks
 * once more before it cancels; the route then loads again, and `onCancelled` gets the balances after
 * a withdrawal's cancel (null for a deposit's, or one decided meanwhile).
 */
export function RequestList({ kind, loaded, onCancelled }: { kind: RequestKind; loaded: Loaded<{ value: AnyRecord[] }>; onCancelled?: (balances: Balances | null) => void }) {
  const { t } = useT();
  const { to } = useLocale();
  const { revalidate } = useRevalidator();
  const records = loaded.kind === 'ready' ? loaded.value.value : null;
  useDecisions(kind, records);
  const cancelled = (balances: Balances | null) => {
    void revalidate();
    onCancelled?.(balances);
  };
  const titleId = `${kind}-requests-title`;
  return (
    <section className="player-card banking-requests" aria-labelledby={titleId}>
      <div className="banking-requests__head">
        <h2 id={titleId} className="player-card__title">
          <Icon name="clock" size={20} />
          {t(`banking.requests.${kind}Title`)}
        </h2>
        <Link to={to(`/transaction-history?kind=${kind}`)} className="banking-requests__all">
          {t('banking.requests.all')}
        </Link>
      </div>
      {loaded.kind === 'failed' ? <RevalidateNote text={t('banking.requests.failed')} /> : null}
      {records && !records.length ? <p className="player-empty">{t(`banking.requests.${kind}Empty`)}</p> : null}
      {records?.length ? (
        <ul className="banking-requests__list">
          {records.map((record) => (
            <RequestRow key={idOf(record)} kind={kind} record={record} onCancelled={cancelled} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RequestRow({ kind, record, onCancelled }: { kind: RequestKind; record: AnyRecord; onCancelled: (balances: Balances | null) => void }) {
  const { t } = useT();
  const dates = useDateFormat(REQUEST_DATE);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const where = 'bank_account' in record ? record.bank_account : null;
  // A withdrawal says whether the site lets the player cancel it (ADR 0040: some markets forbid it); a pending deposit always may be.
  const cancellable = record.status === 'pending' && (!('withdrawal_id' in record) || record.cancellable);
  const method = 'method_name' in record ? record.method_name : null;

  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    const payload = sessionCallPayload();
    const reply = 'deposit_id' in record ? await callApi('depositCancel', { ...payload, deposit_id: record.deposit_id }) : await callApi('withdrawalCancel', { ...payload, withdrawal_id: record.withdrawal_id });
    setBusy(false);
    setConfirming(false);
    if (reply.statusCode === STATUS.ok && 'value' in reply) {
      showToast({ kind: 'success', title: t(`banking.requests.${kind}Cancelled`, { reference: record.reference }) });
      onCancelled('held_balance' in reply ? { game_balance: reply.game_balance, held_balance: reply.held_balance } : null);
      return;
    }
    // Decided meanwhile by the operator, or no longer cancellable on this site: the list shows what happened.
    if (reply.message === 'notPending' || reply.message === 'withdrawalNotCancellable') onCancelled(null);
    handleApiError(reply);
  };

  return (
    <li className="banking-request" data-testid={`${kind}-request`} data-reference={record.reference} data-status={record.status}>
      <div className="banking-request__main">
        <p className="banking-request__amount">{money(record.amount, record.currency)}</p>
        <StatusBadge status={record.status} label={paymentStatusLabel(t, record.status)} />
      </div>
      <p className="banking-request__meta">
        <span className="banking-request__reference">{record.reference}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={record.created_at}>{dates.format(new Date(record.created_at))}</time>
      </p>
      {method ? <p className="banking-request__meta">{method}</p> : null}
      {where ? (
        <p className="banking-request__meta">
          {where.bank_name} <MaskedNumber number={where.account_number} />
        </p>
      ) : null}
      {record.status === 'rejected' && record.reason ? <p className="banking-request__reason">{t('banking.requests.reason', { reason: record.reason })}</p> : null}
      {record.status === 'pending' && !cancellable ? <p className="banking-request__meta">{t('banking.requests.notCancellable')}</p> : null}
      {cancellable ? (
        <div className="banking-request__actions">
          {confirming ? (
            <>
              <span className="banking-request__confirm" role="status">
                {t(`banking.requests.${kind}ConfirmCancel`)}
              </span>
              <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void cancel()}>
                {busy ? t('banking.requests.cancelling') : t('banking.requests.confirmCancel')}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming(false)}>
                {t('banking.requests.keep')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(true)}>
              {t('banking.requests.cancel')}
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}

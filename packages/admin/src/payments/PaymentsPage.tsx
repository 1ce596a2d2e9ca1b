import { useCallback, useEffect, useMemo, useState } from 'react';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { OpsPayment } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { DataTable, Pager } from '../lib/DataTable';
import { dateTime, failureText, money, t } from '../lib/i18n';
import { useMay, useOperator } from '../shell/session';
import { ReviewDialog } from './ReviewDialog';
import { useListParams } from '../lib/list-params';
import { Messages } from '../lib/Messages';

/*
 * Pending deposits and withdrawals (issue 26 §2 Payments), oldest first, paged and filtered on the
 * server; the filters and the page are the URL, so every list can be linked and reloaded.
 */

const PAGE_SIZE = 20;
const column = createColumnHelper<OpsPayment>();

export function PaymentsPage() {
  const operator = useOperator();
  const mayDecide = useMay('payments.decide');
  const { params, setFilter, goTo } = useListParams();
  const site = params.get('site') ?? '';
  const kind = params.get('kind') === 'deposit' || params.get('kind') === 'withdrawal' ? (params.get('kind') as 'deposit' | 'withdrawal') : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [rows, setRows] = useState<OpsPayment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [reviewing, setReviewing] = useState<OpsPayment | null>(null);

  const load = useCallback(async () => {
    const reply = await opsCall('opsPending', { ...(site ? { site } : {}), ...(kind ? { kind } : {}), page, page_size: PAGE_SIZE });
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setRows([]);
      return;
    }
    setError('');
    setRows(reply.value);
    setTotal(reply.total);
  }, [site, kind, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const siteName = useMemo(() => new Map(operator.sites.map((entry) => [entry.external_id, entry.site_name])), [operator.sites]);

  const columns = useMemo(
    () => [
      column.accessor('reference', { header: () => t('payments.reference'), cell: (info) => <span className="mono">{info.getValue()}</span> }),
      column.accessor('kind', { header: () => t('payments.kind'), cell: (info) => <span className={`tag tag-${info.getValue()}`}>{t(`payments.${info.getValue()}`)}</span> }),
      column.accessor('site', { header: () => t('payments.site'), cell: (info) => siteName.get(info.getValue()) ?? info.getValue() }),
      column.display({
        id: 'player',
        header: () => t('payments.player'),
        cell: ({ row }) => (
          <>
            <span className="mono">{row.original.account_id}</span>
            {row.original.full_name && <span className="sub">{row.original.full_name}</span>}
          </>
        ),
      }),
      column.accessor('amount', { header: () => t('payments.amount'), cell: ({ row }) => <span className="amount">{money(row.original.amount, row.original.currency)}</span> }),
      column.display({
        id: 'checks',
        header: () => t('payments.verification'),
        cell: ({ row }) => {
          const checks = row.original.player_checks;
          return (
            <>
              <span className="nowrap">{t(`payments.kycLevel.${checks.kyc_level}`)}</span>
              {checks.risk_flags.length > 0 && <span className="tag tag-flag">{t('payments.flagCount', { count: checks.risk_flags.length })}</span>}
            </>
          );
        },
      }),
      column.accessor('created_at', { header: () => t('payments.requested'), cell: (info) => <span className="nowrap">{dateTime(info.getValue())}</span> }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('payments.actions')}</span>,
        cell: ({ row }) => (
          <button type="button" onClick={() => setReviewing(row.original)} aria-label={t('payments.reviewOf', { reference: row.original.reference })}>
            {t('payments.review')}
          </button>
        ),
      }),
    ],
    [siteName],
  );

  const table = useReactTable({ data: rows ?? [], columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, rowCount: total });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));


  async function decided(text: string) {
    setReviewing(null);
    setNotice(text);
    await load();
  }

  return (
    <section aria-labelledby="payments-title">
      <div className="page-head">
        <h1 id="payments-title">{t('payments.title')}</h1>
        <p>{t('payments.intro')}</p>
      </div>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('payments.site')}
          <select value={site} onChange={(event) => setFilter('site', event.target.value)}>
            <option value="">{t('payments.allSites')}</option>
            {operator.sites.map((entry) => (
              <option key={entry.external_id} value={entry.domain}>
                {entry.site_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('payments.kind')}
          <select value={kind} onChange={(event) => setFilter('kind', event.target.value)}>
            <option value="">{t('payments.allKinds')}</option>
            <option value="deposit">{t('payments.deposits')}</option>
            <option value="withdrawal">{t('payments.withdrawals')}</option>
          </select>
        </label>
        <p className="count" aria-live="polite">
          {rows === null ? t('payments.loading') : t('payments.count', { count: total })}
        </p>
      </form>
      {!mayDecide && <p className="note">{t('payments.readOnly')}</p>}
      <Messages notice={notice} error={error} />
      <DataTable
        table={table}
        caption={t('payments.title')}
        testId="pending-payments"
        loading={rows === null}
        emptyText={t('payments.empty')}
        rowAttributes={(row) => ({ 'data-reference': row.reference, 'data-site': row.site })}
      />
      <Pager page={page} pages={pages} onPage={goTo} />
      {reviewing && <ReviewDialog payment={reviewing} mayDecide={mayDecide} siteName={siteName.get(reviewing.site) ?? reviewing.site} onClose={() => setReviewing(null)} onDecided={decided} />}
    </section>
  );
}

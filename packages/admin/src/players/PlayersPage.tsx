import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { PLAYER_STATUSES, type OpsPlayerRow, type PlayerStatus } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, money, t } from '../lib/i18n';
import { useOperator } from '../shell/session';
import { StatusTag } from './parts';
import { DataTable, Pager } from '../lib/DataTable';
import './players.css';
import { Messages } from '../lib/Messages';
import { useListParams } from '../lib/list-params';

/*
 * Players (issue 26 §2, ADR 0047): search by account id, phone, email (exact) or the start of a
 * name across the operator's sites. The text, the site, the status and the page are the URL.
 */

const PAGE_SIZE = 20;
const column = createColumnHelper<OpsPlayerRow>();

export function PlayersPage() {
  const operator = useOperator();
  const { params, update } = useListParams();
  const query = params.get('q') ?? '';
  const site = params.get('site') ?? '';
  const statusParam = params.get('status') ?? '';
  const status = (PLAYER_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as PlayerStatus) : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [rows, setRows] = useState<OpsPlayerRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    setRows(null);
    void opsCall('opsPlayerSearch', { query, ...(site ? { site } : {}), ...(status ? { status } : {}), page, page_size: PAGE_SIZE }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) {
        setError(failureText(reply.message));
        setRows([]);
        setTotal(0);
        return;
      }
      setError('');
      setRows(reply.value);
      setTotal(reply.total);
    });
    return () => {
      current = false;
    };
  }, [query, site, status, page]);

  const siteName = useMemo(() => new Map(operator.sites.map((entry) => [entry.external_id, entry.site_name])), [operator.sites]);

  const columns = useMemo(
    () => [
      column.accessor('account_id', {
        header: () => t('players.accountId'),
        cell: ({ row }) => (
          <Link className="mono" to={`/players/${encodeURIComponent(row.original.site)}/${encodeURIComponent(row.original.account_id)}`}>
            {row.original.account_id}
          </Link>
        ),
      }),
      column.accessor('full_name', { header: () => t('players.name'), cell: (info) => info.getValue() || <span className="sub">{t('players.noName')}</span> }),
      column.accessor('site', { header: () => t('players.site'), cell: (info) => siteName.get(info.getValue()) ?? info.getValue() }),
      column.display({
        id: 'contact',
        header: () => t('players.contact'),
        cell: ({ row }) => (
          <>
            <span className="mono">{row.original.contact_phone || '—'}</span>
            <span className="sub">{row.original.contact_email || '—'}</span>
          </>
        ),
      }),
      column.accessor('status', { header: () => t('players.status'), cell: (info) => <StatusTag status={info.getValue()} /> }),
      column.accessor('balance', { header: () => t('players.balance'), cell: ({ row }) => <span className="amount">{money(row.original.balance, row.original.currency)}</span> }),
      column.accessor('created_at', { header: () => t('players.created'), cell: (info) => <span className="nowrap">{dateTime(info.getValue())}</span> }),
    ],
    [siteName],
  );

  const table = useReactTable({ data: rows ?? [], columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, rowCount: total });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));


  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  }

  return (
    <section aria-labelledby="players-title">
      <div className="page-head">
        <h1 id="players-title">{t('players.title')}</h1>
        <p>{t('players.intro')}</p>
      </div>
      <form className="filters" role="search" onSubmit={search}>
        <label className="players-query">
          {t('players.query')}
          <span className="players-query-row">
            <input type="search" name="q" defaultValue={query} key={query} maxLength={100} aria-describedby="players-query-help" autoComplete="off" />
            <button type="submit" className="primary">
              {t('players.search')}
            </button>
          </span>
          <span id="players-query-help" className="sub">
            {t('players.queryHelp')}
          </span>
        </label>
        <label>
          {t('players.site')}
          <select value={site} onChange={(event) => update({ site: event.target.value })}>
            <option value="">{t('players.allSites')}</option>
            {operator.sites.map((entry) => (
              <option key={entry.external_id} value={entry.domain}>
                {entry.site_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('players.status')}
          <select value={status} onChange={(event) => update({ status: event.target.value })}>
            <option value="">{t('players.allStatuses')}</option>
            {PLAYER_STATUSES.map((entry) => (
              <option key={entry} value={entry}>
                {t(`players.statuses.${entry}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="count" aria-live="polite">
          {rows === null ? t('players.loading') : t('players.count', { count: total })}
        </p>
      </form>
      <Messages error={error} />
      <DataTable
        table={table}
        caption={t('players.results')}
        testId="players"
        loading={rows === null}
        emptyText={query ? t('players.noMatch') : t('players.empty')}
        rowAttributes={(row) => ({ 'data-account': row.account_id, 'data-site': row.site })}
      />
      <Pager page={page} pages={pages} onPage={(target) => update({ page: String(target) })} />
    </section>
  );
}

import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { OPS_SITES_SORTS, OPS_SITES_STATES, type OpsSite, type OpsSitesSort, type OpsSitesState } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { DataTable, Pager } from '../lib/DataTable';
import { dateTime, failureText, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import './sites.css';
import { useListParams } from '../lib/list-params';
import { Messages } from '../lib/Messages';

/*
 * The operator's sites (issue 26 §2 Sites, ADR 0049): searched, filtered, sorted and paged on the
 * server (opsSites, kept to the operator's own sites), the filters in the URL. Each row links to
 * its editor, and to a new site cloned from it.
 */

const PAGE_SIZE = 20;
const column = createColumnHelper<OpsSite>();

/** The editor of a site, by its main domain. A full page load: its policy lets it frame that site (ADR 0049). */
export const siteEditorPath = (domain: string) => `/sites/${encodeURIComponent(domain)}`;

function stateOf(site: OpsSite): { key: string; className: string } {
  if (!site.status) return { key: 'off', className: 'tag-off' };
  if (site.expired_date && Date.parse(site.expired_date) <= Date.now()) return { key: 'expired', className: 'tag-off' };
  if (site.under_maintenance) return { key: 'maintenanceNow', className: 'tag-maintenance' };
  return { key: 'live', className: 'tag-live' };
}

export function SitesPage() {
  const mayManage = useMay('sites.manage');
  const { params, setFilter, goTo } = useListParams();
  const q = params.get('q') ?? '';
  const state = (OPS_SITES_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as OpsSitesState) : '';
  const sort = (OPS_SITES_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as OpsSitesSort) : 'name';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [rows, setRows] = useState<OpsSite[] | null>(null);
  const [total, setTotal] = useState(0);
  const [mayCreate, setMayCreate] = useState(false);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const reply = await opsCall('opsSites', { ...(q ? { q } : {}), ...(state ? { state } : {}), sort, page, page_size: PAGE_SIZE });
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setRows([]);
      return;
    }
    setError('');
    setRows(reply.value);
    setTotal(reply.total);
    setMayCreate(reply.may_create);
  }, [q, state, sort, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const columns = useMemo(
    () => [
      column.accessor('site_name', {
        header: () => t('sites.columns.site'),
        cell: ({ row }) => (
          <>
            <a href={`/admin${siteEditorPath(row.original.domains[0] ?? '')}`} className="site-name">
              {row.original.site_name}
            </a>
            <span className="sub mono">{row.original.external_id}</span>
          </>
        ),
      }),
      column.accessor('domains', {
        header: () => t('sites.columns.domains'),
        cell: (info) => (
          <ul className="site-domains">
            {info.getValue().map((domain) => (
              <li key={domain} className="mono">
                {domain}
              </li>
            ))}
          </ul>
        ),
      }),
      column.display({
        id: 'theme',
        header: () => t('sites.columns.theme'),
        cell: ({ row }) => (
          <>
            <span className="mono">{row.original.theme_code}</span>
            <span className="sub">{row.original.theme_color}</span>
          </>
        ),
      }),
      column.accessor('currency', { header: () => t('sites.columns.currency'), cell: (info) => <span className="mono">{info.getValue()}</span> }),
      column.accessor('languages', { header: () => t('sites.columns.languages'), cell: (info) => <span className="mono">{info.getValue().join(', ')}</span> }),
      column.display({
        id: 'status',
        header: () => t('sites.columns.status'),
        cell: ({ row }) => {
          const shown = stateOf(row.original);
          const start = row.original.maintenance.start_date;
          return (
            <>
              <span className={`tag ${shown.className}`}>{t(`sites.${shown.key}`)}</span>
              {shown.key !== 'maintenanceNow' && start && Date.parse(start) > Date.now() && <span className="sub">{t('sites.maintenanceFrom', { start: dateTime(start) })}</span>}
            </>
          );
        },
      }),
      column.accessor('players', { header: () => t('sites.columns.players'), cell: (info) => <span className="amount">{info.getValue().toLocaleString('en')}</span> }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('sites.columns.actions')}</span>,
        cell: ({ row }) => {
          const domain = row.original.domains[0] ?? '';
          const name = row.original.site_name;
          return (
            <div className="row-actions">
              <a className="button-link" href={`/admin${siteEditorPath(domain)}`} aria-label={t(mayManage ? 'sites.editOf' : 'sites.viewOf', { name })}>
                {t(mayManage ? 'sites.edit' : 'sites.view')}
              </a>
              {mayCreate && (
                <Link className="button-link" to={`/sites/new?clone=${encodeURIComponent(domain)}`} aria-label={t('sites.cloneOf', { name })}>
                  {t('sites.clone')}
                </Link>
              )}
            </div>
          );
        },
      }),
    ],
    [mayManage, mayCreate],
  );

  const table = useReactTable({ data: rows ?? [], columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, manualSorting: true, rowCount: total });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter('q', String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };

  return (
    <section aria-labelledby="sites-title">
      <div className="page-head sites-head">
        <div>
          <h1 id="sites-title">{t('sites.title')}</h1>
          <p>{t('sites.intro')}</p>
        </div>
        {mayCreate && (
          <Link className="button-link primary" to="/sites/new">
            {t('sites.new')}
          </Link>
        )}
      </div>
      <form className="filters" onSubmit={search} role="search">
        <label>
          {t('sites.search')}
          <input type="search" name="q" defaultValue={q} key={q} placeholder={t('sites.searchHint')} />
        </label>
        <button type="submit">{t('sites.apply')}</button>
        <label>
          {t('sites.state')}
          <select value={state} onChange={(event) => setFilter('state', event.target.value)}>
            <option value="">{t('sites.allStates')}</option>
            {OPS_SITES_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`sites.states.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('sites.sort')}
          <select value={sort} onChange={(event) => setFilter('sort', event.target.value === 'name' ? '' : event.target.value)}>
            {OPS_SITES_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`sites.sorts.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="count" aria-live="polite">
          {rows === null ? t('sites.loading') : t('sites.count', { count: total })}
        </p>
      </form>
      {!mayManage && <p className="note">{t('sites.readOnly')}</p>}
      {mayManage && rows !== null && !mayCreate && <p className="note">{t('sites.scopedNoCreate')}</p>}
      <Messages error={error} />
      <DataTable
        table={table}
        caption={t('sites.title')}
        testId="sites-list"
        loading={rows === null}
        emptyText={t('sites.empty')}
        rowAttributes={(row) => ({ 'data-site': row.external_id })}
      />
      <Pager page={page} pages={pages} onPage={goTo} />
    </section>
  );
}

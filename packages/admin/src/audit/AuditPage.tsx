import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { AUDIT_EXPORT_PATH, type OpsAuditReply } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { DataTable, Pager } from '../lib/DataTable';
import { dateTime, failureText, t } from '../lib/i18n';
import { useOperator } from '../shell/session';
import { AuditDetails } from './AuditDetails';
import { FILTER_NAMES, callFilters, type FilterName } from './filters';
import './audit.css';
import { Messages } from '../lib/Messages';

/*
 * The audit log (issue 26 §2 Audit log, ADR 0048): every operator action, newest first, filtered
 * and paged on the server; the filters and the page are the URL. A row opens its details (the
 * before and after the action recorded) as text; the CSV download takes every matching entry.
 */

type Entry = OpsAuditReply['value'][number];

const PAGE_SIZE = 50;
const column = createColumnHelper<Entry>();

/** Actions offered as suggestions (the field takes any action or prefix). */
const ACTION_SUGGESTIONS = [
  'deposit.',
  'withdrawal.',
  'balance.adjust',
  'statement.view',
  'receipt.view',
  'pending.view',
  'kyc.',
  'aml.',
  'compliance.',
  'inbox.',
  'site.',
  'sports.',
  'call.refused',
  'auth.failed',
  'audit.export',
  'report.export',
];

export function AuditPage() {
  const operator = useOperator();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filters = useMemo(() => {
    const found: Partial<Record<FilterName, string>> = {};
    for (const name of FILTER_NAMES) {
      const value = params.get(name)?.trim();
      if (value) found[name] = value;
    }
    return found;
  }, [params]);

  const [rows, setRows] = useState<Entry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<number | null>(null);

  const load = useCallback(async () => {
    setRows(null);
    const reply = await opsCall('opsAudit', {
      ...callFilters(filters),
      page,
      page_size: PAGE_SIZE,
    });
    if (reply.statusCode !== 1) {
      const fields = reply.message === 'validationError' && reply.errors ? Object.keys(reply.errors) : [];
      setError(
        fields.length
          ? t('audit.invalidFields', {
              fields: fields.map(fieldLabel).join(', '),
            })
          : failureText(reply.message),
      );
      setRows([]);
      setTotal(0);
      return;
    }
    setError('');
    setRows(reply.value);
    setTotal(reply.total);
  }, [filters, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const siteName = useMemo(() => new Map(operator.sites.map((entry) => [entry.external_id, entry.site_name])), [operator.sites]);

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        header: () => t('audit.when'),
        cell: (info) => <span className="nowrap">{dateTime(info.getValue())}</span>,
      }),
      column.accessor('actor', {
        header: () => t('audit.who'),
        cell: (info) => <span className="mono">{info.getValue()}</span>,
      }),
      column.accessor('action', {
        header: () => t('audit.action'),
        cell: (info) => <span className="mono">{info.getValue()}</span>,
      }),
      column.display({
        id: 'target',
        header: () => t('audit.target'),
        cell: ({ row }) => (
          <>
            <span className="sub">{row.original.target_type}</span>
            <span className="mono audit-break">{row.original.target_id}</span>
          </>
        ),
      }),
      column.accessor('site', {
        header: () => t('audit.site'),
        cell: (info) => {
          const site = info.getValue();
          return site ? (siteName.get(site) ?? site) : <span className="sub">{t('audit.noSite')}</span>;
        },
      }),
      column.accessor('reason', {
        header: () => t('audit.reason'),
        cell: (info) => <span className="audit-reason">{info.getValue() || t('audit.noReason')}</span>,
      }),
      column.display({
        id: 'details',
        header: () => <span className="visually-hidden">{t('audit.details')}</span>,
        cell: ({ row }) => {
          const id = row.original.audit_id;
          const shown = open === id;
          return (
            <button
              type="button"
              aria-expanded={shown}
              aria-controls={`audit-entry-${id}`}
              aria-label={t(shown ? 'audit.hideDetails' : 'audit.showDetails', {
                id,
              })}
              onClick={() => setOpen(shown ? null : id)}
            >
              {t('audit.details')}
            </button>
          );
        },
      }),
    ],
    [siteName, open],
  );

  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: total,
  });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setOpen(null);
    setParams(next);
  }
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setOpen(null);
    setParams(next);
  };

  const exportQuery = new URLSearchParams(callFilters(filters)).toString();
  const exportHref = exportQuery ? `${AUDIT_EXPORT_PATH}?${exportQuery}` : AUDIT_EXPORT_PATH;

  return (
    <section aria-labelledby="audit-title">
      <div className="page-head">
        <h1 id="audit-title">{t('audit.title')}</h1>
        <p>{t('audit.intro')}</p>
      </div>
      {/* Keyed by the URL: the fields show the filters in force after a back or forward. */}
      <form key={params.toString()} className="filters audit-filters" onSubmit={apply} aria-label={t('audit.filters')}>
        <label>
          {t('audit.site')}
          <select name="site" defaultValue={filters.site ?? ''}>
            <option value="">{t('audit.allSites')}</option>
            {operator.sites.map((entry) => (
              <option key={entry.external_id} value={entry.domain}>
                {entry.site_name}
              </option>
            ))}
          </select>
        </label>
        <div className="audit-field">
          <label>
            {t('audit.actor')}
            <input name="actor" defaultValue={filters.actor ?? ''} maxLength={120} aria-describedby="audit-actor-hint" autoComplete="off" />
          </label>
          <span id="audit-actor-hint" className="audit-hint">
            {t('audit.actorHint')}
          </span>
        </div>
        <div className="audit-field">
          <label>
            {t('audit.action')}
            <input name="action" defaultValue={filters.action ?? ''} maxLength={80} list="audit-actions" aria-describedby="audit-action-hint" autoComplete="off" />
          </label>
          <span id="audit-action-hint" className="audit-hint">
            {t('audit.actionHint')}
          </span>
        </div>
        <datalist id="audit-actions">
          {ACTION_SUGGESTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <label>
          {t('audit.targetType')}
          <input name="target_type" defaultValue={filters.target_type ?? ''} maxLength={60} autoComplete="off" />
        </label>
        <label>
          {t('audit.targetId')}
          <input name="target_id" defaultValue={filters.target_id ?? ''} maxLength={200} autoComplete="off" />
        </label>
        <label>
          {t('audit.from')}
          <input type="date" name="from" defaultValue={filters.from ?? ''} />
        </label>
        <label>
          {t('audit.to')}
          <input type="date" name="to" defaultValue={filters.to ?? ''} />
        </label>
        <div className="audit-buttons">
          <button type="submit" className="primary">
            {t('audit.apply')}
          </button>
          <button type="button" className="quiet" onClick={() => setParams(new URLSearchParams())} disabled={Object.keys(filters).length === 0}>
            {t('audit.clear')}
          </button>
        </div>
      </form>
      <div className="audit-bar">
        <p className="count" aria-live="polite">
          {rows === null ? t('audit.loading') : t('audit.count', { count: total })}
        </p>
        <p className="audit-export">
          <a className="button-link" href={exportHref} download aria-describedby="audit-export-hint">
            {t('audit.exportCsv')}
          </a>
          <span id="audit-export-hint" className="audit-hint">
            {t('audit.exportHint')}
          </span>
        </p>
      </div>
      <Messages error={error} />
      <DataTable
        table={table}
        caption={t('audit.title')}
        className="audit-table"
        testId="audit-log"
        loading={rows === null}
        emptyText={t('audit.empty')}
        rowAttributes={(row) => ({ 'data-audit-id': row.audit_id, className: open === row.audit_id ? 'audit-open' : undefined })}
        rowDetail={(row) =>
          open === row.audit_id ? (
            <tr className="audit-detail-row">
              <td colSpan={columns.length} id={`audit-entry-${row.audit_id}`}>
                <AuditDetails entry={row} siteName={row.site ? (siteName.get(row.site) ?? row.site) : t('audit.noSite')} />
              </td>
            </tr>
          ) : null
        }
      />
      <Pager page={page} pages={pages} onPage={goTo} />
    </section>
  );
}

const FIELD_LABELS: Record<string, string> = {
  site: 'audit.site',
  actor: 'audit.actor',
  action: 'audit.action',
  target_type: 'audit.targetType',
  target_id: 'audit.targetId',
  from: 'audit.from',
  to: 'audit.to',
};
const fieldLabel = (field: string) => (FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field);

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { ContentKind, OpsContentAnnouncement, OpsContentMarquee, OpsContentSlide } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import { ActionDialog, EditDialog, nameOf, type ContentAction, type ContentRow } from './ContentDialogs';
import { DataTable, Pager } from '../lib/DataTable';
import { Messages } from '../lib/Messages';

/*
 * One kind of a site's content (ADR 0052): on/off filter and page in the URL, read from the server
 * a page at a time; marquee texts and slides in their display order, announcements newest first.
 * Each change goes through a dialog that asks for the reason the audit log keeps.
 */

const PAGE_SIZE = 20;
const column = createColumnHelper<ContentRow>();

interface Props {
  kind: ContentKind;
  site: string;
  params: URLSearchParams;
  setParams: SetURLSearchParams;
}

export function ContentList({ kind, site, params, setParams }: Props) {
  const mayManage = useMay('content.manage');
  const state = params.get('state') === 'on' || params.get('state') === 'off' ? (params.get('state') as 'on' | 'off') : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const ordered = kind !== 'announcements';

  const [rows, setRows] = useState<ContentRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<ContentRow | 'new' | null>(null);
  const [acting, setActing] = useState<{
    row: ContentRow;
    action: ContentAction;
  } | null>(null);
  // The last reason given, offered again for the next change of the same session.
  const [lastReason, setLastReason] = useState('');

  const load = useCallback(async () => {
    const reply = await opsCall('opsContent', {
      site,
      kind,
      ...(state ? { state } : {}),
      page,
      page_size: PAGE_SIZE,
    });
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setRows([]);
      return;
    }
    setError('');
    setRows(kind === 'announcements' ? reply.announcements : kind === 'marquee' ? reply.marquee : reply.slides);
    setTotal(reply.total);
  }, [site, kind, state, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const columns = useMemo(() => {
    const list: ColumnDef<ContentRow, unknown>[] = [];
    if (ordered)
      list.push(
        column.display({
          id: 'order',
          header: () => t('content.columns.order'),
          cell: ({ row }) => <span className="mono">{(row.original as OpsContentMarquee).sort}</span>,
        }) as ColumnDef<ContentRow, unknown>,
      );
    if (kind === 'slides') {
      list.push(
        column.display({
          id: 'image',
          header: () => t('content.columns.image'),
          cell: ({ row }) => {
            const url = (row.original as OpsContentSlide).image_url;
            // The console's pages load images of its own origin only (its CSP): an https image is named, not shown.
            return url.startsWith('/') ? <img className="content-thumb" src={url} alt="" loading="lazy" width={96} height={40} /> : <span className="mono content-text">{url}</span>;
          },
        }) as ColumnDef<ContentRow, unknown>,
      );
    }
    if (kind === 'marquee') {
      list.push(
        column.display({
          id: 'text',
          header: () => t('content.columns.text'),
          cell: ({ row }) => <span className="content-text">{(row.original as OpsContentMarquee).text}</span>,
        }) as ColumnDef<ContentRow, unknown>,
      );
    } else {
      list.push(
        column.display({
          id: 'title',
          header: () => t('content.columns.title'),
          cell: ({ row }) => {
            const original = row.original as OpsContentAnnouncement | OpsContentSlide;
            return (
              <>
                <strong className="content-text">{original.title}</strong>
                {'body' in original && <span className="sub content-text content-body">{original.body}</span>}
              </>
            );
          },
        }) as ColumnDef<ContentRow, unknown>,
      );
    }
    if (kind === 'slides') {
      list.push(
        column.display({
          id: 'link',
          header: () => t('content.columns.link'),
          cell: ({ row }) => {
            const link = (row.original as OpsContentSlide).link;
            return link ? <span className="mono content-link">{link}</span> : <span className="sub">{t('content.noLink')}</span>;
          },
        }) as ColumnDef<ContentRow, unknown>,
      );
    }
    if (kind === 'announcements') {
      list.push(
        column.display({
          id: 'created',
          header: () => t('content.columns.created'),
          cell: ({ row }) => <span className="nowrap">{dateTime((row.original as OpsContentAnnouncement).created_at)}</span>,
        }) as ColumnDef<ContentRow, unknown>,
      );
    }
    list.push(
      column.display({
        id: 'state',
        header: () => t('content.columns.state'),
        cell: ({ row }) => <span className={`tag ${row.original.active ? 'content-on' : 'content-off'}`}>{t(row.original.active ? 'content.on' : 'content.off')}</span>,
      }) as ColumnDef<ContentRow, unknown>,
    );
    if (mayManage) {
      list.push(
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('content.columns.actions')}</span>,
          cell: ({ row }) => {
            const name = nameOf(row.original);
            const act = (action: ContentAction) => () => setActing({ row: row.original, action });
            return (
              <div className="content-actions">
                <button type="button" onClick={() => setEditing(row.original)} aria-label={t('content.editOf', { name })}>
                  {t('content.edit')}
                </button>
                <button type="button" onClick={act(row.original.active ? 'switchOff' : 'switchOn')} aria-label={t(row.original.active ? 'content.switchOffOf' : 'content.switchOnOf', { name })}>
                  {t(row.original.active ? 'content.switchOff' : 'content.switchOn')}
                </button>
                {ordered && (
                  <>
                    <button type="button" onClick={act('up')} aria-label={t('content.moveUpOf', { name })} disabled={row.index === 0 && page === 1}>
                      {t('content.moveUp')}
                    </button>
                    <button type="button" onClick={act('down')} aria-label={t('content.moveDownOf', { name })} disabled={(page - 1) * PAGE_SIZE + row.index >= total - 1}>
                      {t('content.moveDown')}
                    </button>
                  </>
                )}
                <button type="button" className="danger" onClick={act('delete')} aria-label={t('content.deleteOf', { name })}>
                  {t('content.delete')}
                </button>
              </div>
            );
          },
        }) as ColumnDef<ContentRow, unknown>,
      );
    }
    return list;
  }, [kind, ordered, mayManage, page, total]);

  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: total,
  });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const setFilter = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('state', value);
    else next.delete('state');
    next.delete('page');
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };

  async function done(text: string, reason: string) {
    setEditing(null);
    setActing(null);
    setLastReason(reason);
    setNotice(text);
    await load();
  }

  const headingId = `content-${kind}-title`;
  return (
    <section aria-labelledby={headingId}>
      <div className="content-head">
        <div>
          <h2 id={headingId}>{t(`content.tabs.${kind}`)}</h2>
          <p className="sub">{t(`content.tabIntro.${kind}`)}</p>
        </div>
        {mayManage && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            {t(`content.add.${kind}`)}
          </button>
        )}
      </div>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('content.state')}
          <select value={state} onChange={(event) => setFilter(event.target.value)}>
            <option value="">{t('content.allStates')}</option>
            <option value="on">{t('content.on')}</option>
            <option value="off">{t('content.off')}</option>
          </select>
        </label>
        <p className="count" aria-live="polite">
          {rows === null ? t('content.loading') : t('content.count', { count: total })}
        </p>
      </form>
      {!mayManage && <p className="note">{t('content.readOnly')}</p>}
      <Messages notice={notice} error={error} />
      <DataTable
        table={table}
        caption={t(`content.tabs.${kind}`)}
        testId={`content-${kind}`}
        loading={rows === null}
        emptyText={t('content.empty')}
        rowAttributes={(row) => ({ 'data-id': row.id })}
      />
      <Pager page={page} pages={pages} onPage={goTo} />
      {editing && <EditDialog kind={kind} site={site} row={editing === 'new' ? null : editing} lastReason={lastReason} onClose={() => setEditing(null)} onDone={done} />}
      {acting && <ActionDialog kind={kind} site={site} row={acting.row} action={acting.action} lastReason={lastReason} onClose={() => setActing(null)} onDone={done} />}
    </section>
  );
}

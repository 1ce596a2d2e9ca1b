import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { flexRender, type Table } from '@tanstack/react-table';
import { t } from './i18n';

/*
 * The back office's lists (ADR 0045): a TanStack table over rows the server sorted, filtered and
 * paged, in a frame that scrolls sideways on its own (never the page), with a caption for screen
 * readers, a line while loading and when empty, and the pager under it.
 */

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };

interface DataTableProps<Row> {
  table: Table<Row>;
  /** What the table lists, for screen readers. */
  caption: string;
  /** The rows are still loading (null rows). */
  loading: boolean;
  /** Shown in place of rows when the list is empty. */
  emptyText: string;
  loadingText?: string;
  className?: string;
  testId?: string;
  /** Attributes of a row's <tr> (data-* for tests and styles, a class). */
  rowAttributes?: (row: Row) => RowAttributes;
  /** A full-width row under a row (an opened detail), or null. */
  rowDetail?: (row: Row) => ReactNode;
}

export function DataTable<Row>({ table, caption, loading, emptyText, loadingText, className, testId, rowAttributes, rowDetail }: DataTableProps<Row>) {
  const width = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  return (
    <div className="table-wrap">
      <table className={className ? `data-table ${className}` : 'data-table'} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => {
            const detail = rowDetail?.(row.original);
            return (
              <Fragment key={row.id}>
                <tr {...rowAttributes?.(row.original)}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
                {detail ? detail : null}
              </Fragment>
            );
          })}
          {(loading ? loadingText : rows.length === 0 ? emptyText : undefined) && (
            <tr>
              <td colSpan={width} className="empty">
                {loading ? loadingText : emptyText}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Previous and next page of a list, with where it is; nothing for a single page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('table.pages')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('table.previous')}
      </button>
      <span aria-current="page">{t('table.pageOf', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('table.next')}
      </button>
    </nav>
  );
}

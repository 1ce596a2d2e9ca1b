import type { PlayerStatus } from '@wl/contracts';
import { t } from '../lib/i18n';

/** Pieces the Players screens share. */

export function StatusTag({ status }: { status: PlayerStatus }) {
  return <span className={`tag player-status-${status}`}>{t(`players.statuses.${status}`)}</span>;
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('players.pages')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('players.previous')}
      </button>
      <span aria-current="page">{t('players.pageOf', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('players.next')}
      </button>
    </nav>
  );
}

/** A fresh idempotency key: one per form submission, so a double click or a retry applies once. */
export const newIdempotencyKey = (): string => `console-${crypto.randomUUID()}`;

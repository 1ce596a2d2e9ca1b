import type { PlayerStatus } from '@wl/contracts';
import { t } from '../lib/i18n';

/** Pieces the Players screens share. */

export function StatusTag({ status }: { status: PlayerStatus }) {
  return <span className={`tag player-status-${status}`}>{t(`players.statuses.${status}`)}</span>;
}

/** A fresh idempotency key: one per form submission, so a double click or a retry applies once. */
export const newIdempotencyKey = (): string => `console-${crypto.randomUUID()}`;

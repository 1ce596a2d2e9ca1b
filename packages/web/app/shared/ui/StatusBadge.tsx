import { Icon } from './icons';

/** How a status reads: settled in the player's favour, against it, waiting, or neither. */
export type StatusTone = 'success' | 'danger' | 'waiting' | 'neutral';

const TONES: Record<string, StatusTone> = {
  approved: 'success',
  won: 'success',
  rejected: 'danger',
  lost: 'danger',
  pending: 'waiting',
  cancelled: 'neutral',
  void: 'neutral',
};

const ICONS: Record<StatusTone, string> = { success: 'check', danger: 'close', waiting: 'clock', neutral: 'minus' };

/** A request's or a bet's status: an icon and its translated word on a tinted pill (never the colour alone). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const tone = TONES[status] ?? 'neutral';
  return (
    <span className="status-badge" data-tone={tone} data-status={status} data-testid="status-badge">
      <Icon name={ICONS[tone]} size={14} />
      {label}
    </span>
  );
}

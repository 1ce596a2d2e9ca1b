import type { SiteT } from '../i18n/translate';
import type { BetStatusName, LedgerAccountName, PaymentStatusName } from './query';

/** How the records screens show a time: the day and the minute, in the player's own time zone. */
export const HISTORY_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The ledger entry types the statement names in every language (ADR 0015). */
export const ENTRY_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_release',
  'bet',
  'win',
  'rollback',
  'bonus',
  'claim',
  'adjustment',
  'spin',
  'mission',
  'promotion',
] as const;
type EntryType = (typeof ENTRY_TYPES)[number];

const isEntryType = (type: string): type is EntryType => (ENTRY_TYPES as readonly string[]).includes(type);

/**
 * An entry type's label: its translation, or for a type the screens do not know yet (a later
 * kind of entry) the type itself made readable: "cashback_bonus" → "Cashback bonus".
 */
export function entryTypeLabel(t: SiteT, type: string): string {
  if (isEntryType(type)) return t(`history.statement.types.${type}`);
  const words = type.replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}

export function accountLabel(t: SiteT, account: LedgerAccountName): string {
  return t(`history.statement.accounts.${account}`);
}

export function paymentStatusLabel(t: SiteT, status: PaymentStatusName): string {
  return t(`history.transactions.statuses.${status}`);
}

export function betStatusLabel(t: SiteT, status: BetStatusName): string {
  return t(`history.bets.statuses.${status}`);
}

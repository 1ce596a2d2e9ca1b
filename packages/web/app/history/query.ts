import { BET_KINDS, BET_STATUSES, LEDGER_ACCOUNT_NAMES, PAYMENT_STATUSES, PAGE_MARKER } from '@wl/contracts';

/*
 * The player's records (/statement, /transaction-history, /bet-history) keep their filters and
 * page in the URL query, so every state is a link (?type=deposit&from=2026-11-01&page=2): parsed
 * here into what the calls accept (anything else is left out), and written back without the
 * defaults.
 */

export type LedgerAccountName = (typeof LEDGER_ACCOUNT_NAMES)[number];
export type PaymentKind = 'deposit' | 'withdrawal';
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];
export type BetKindName = (typeof BET_KINDS)[number];
export type BetStatusName = (typeof BET_STATUSES)[number];

/** The date range of every screen: days (YYYY-MM-DD) in the player's own time zone; '' for none. */
export interface DayRange {
  from: string;
  to: string;
}

export interface StatementQuery extends DayRange {
  account: LedgerAccountName;
  /** One entry type, '' for every type. */
  type: string;
  page: number;
}

export interface TransactionQuery extends DayRange {
  kind: PaymentKind;
  status: PaymentStatusName | '';
  page: number;
}

export interface BetQuery extends DayRange {
  kind: BetKindName | '';
  status: BetStatusName | '';
  page: number;
}

/** The last page a link may ask for (the calls' own bound). */
const MAX_PAGE = 10_000;
/** The years the calls compare (their time filters refuse others; the day after the last day must fit too). */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '9998-12-31';
const FIRST_YEAR = 1900;
const LAST_YEAR = 9998;

function oneOf<T extends string>(value: string | null, choices: readonly T[]): T | '' {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : '';
}

/** A page number from the query: a whole number from 1, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_PAGE);
}

/** A day from the query: a real calendar day YYYY-MM-DD within the years the calls take, else ''. */
export function parseDay(value: string | null): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return '';
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value! : '';
}

/** The date range of a query, its days in order (a range typed backwards is read forwards). */
export function parseRange(search: URLSearchParams): DayRange {
  const from = parseDay(search.get('from'));
  const to = parseDay(search.get('to'));
  return from && to && from > to ? { from: to, to: from } : { from, to };
}

export function parseStatementQuery(search: URLSearchParams): StatementQuery {
  const type = search.get('type') ?? '';
  return {
    account: oneOf(search.get('account'), LEDGER_ACCOUNT_NAMES) || 'balance',
    // The statement call's own rule for a type: lower-case letters and underscores.
    type: /^[a-z_]{1,32}$/.test(type) ? type : '',
    ...parseRange(search),
    page: parsePage(search.get('page')),
  };
}

export function parseTransactionQuery(search: URLSearchParams): TransactionQuery {
  return {
    kind: search.get('kind') === 'withdrawal' ? 'withdrawal' : 'deposit',
    status: oneOf(search.get('status'), PAYMENT_STATUSES),
    ...parseRange(search),
    page: parsePage(search.get('page')),
  };
}

export function parseBetQuery(search: URLSearchParams): BetQuery {
  return {
    kind: oneOf(search.get('kind'), BET_KINDS),
    status: oneOf(search.get('status'), BET_STATUSES),
    ...parseRange(search),
    page: parsePage(search.get('page')),
  };
}

/** What a screen's query holds, as written to the URL. */
export type QueryFields = Record<string, string | number>;

/**
 * The query string of `fields` with its '?' (empty when nothing is set): empty values and the
 * `defaults` are left out, and so is page 1.
 */
export function searchOf(fields: QueryFields, defaults: QueryFields = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    const text = String(value);
    if (!text || defaults[name] === value || (name === 'page' && text === '1')) continue;
    params.set(name, text);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The pagination widget's link address: the query without its page, and page=[page] last. */
export function pageLinkOf(path: string, fields: QueryFields, defaults: QueryFields = {}): string {
  const { page: _page, ...rest } = fields;
  const search = searchOf(rest, defaults);
  return `${path}${search ? `${search}&` : '?'}page=${PAGE_MARKER}`;
}

/** An ISO 8601 time with the offset of this device's time zone: "2026-11-01T00:00:00+08:00". */
export function isoWithOffset(date: Date): string {
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const offset = `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${offset}`
  );
}

/**
 * The start of a day (YYYY-MM-DD) plus `days` in this device's time zone: local midnight, or the
 * first hour the day has where a clock change skips midnight.
 */
function localDayStart(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + days);
}

/**
 * The calls' time filters of a day range, in the player's local time zone: `from` is the start
 * of the first day, `to` the start of the day after the last (the calls' `to` is exclusive), so
 * both days are included whole.
 */
export function rangeFilters(range: DayRange): { from?: string; to?: string } {
  return {
    ...(range.from ? { from: isoWithOffset(localDayStart(range.from)) } : {}),
    ...(range.to ? { to: isoWithOffset(localDayStart(range.to, 1)) } : {}),
  };
}

import { afterEach, describe, expect, it } from 'vitest';
import {
  isoWithOffset,
  pageLinkOf,
  parseBetQuery,
  parseDay,
  parseStatementQuery,
  parseTransactionQuery,
  rangeFilters,
  searchOf,
} from '../../app/history/query';
import { entryTypeLabel } from '../../app/history/labels';
import { lastDigits } from '../../app/shared/format/numbers';
import type { SiteT } from '../../app/i18n/translate';

const params = (text: string) => new URLSearchParams(text);

describe('records screens: the URL query (issue 9)', () => {
  it('reads what the calls accept and leaves out anything else', () => {
    expect(parseStatementQuery(params(''))).toEqual({ account: 'balance', type: '', from: '', to: '', page: 1 });
    expect(parseStatementQuery(params('account=held&type=withdrawal_release&from=2026-11-01&to=2026-11-25&page=3'))).toEqual({
      account: 'held',
      type: 'withdrawal_release',
      from: '2026-11-01',
      to: '2026-11-25',
      page: 3,
    });
    expect(parseStatementQuery(params('account=cash&type=Bet;drop&page=-2'))).toEqual({ account: 'balance', type: '', from: '', to: '', page: 1 });
    expect(parseTransactionQuery(params('kind=withdrawal&status=rejected&page=2'))).toMatchObject({ kind: 'withdrawal', status: 'rejected', page: 2 });
    expect(parseTransactionQuery(params('kind=loan&status=won'))).toMatchObject({ kind: 'deposit', status: '' });
    expect(parseBetQuery(params('kind=sports&status=void'))).toMatchObject({ kind: 'sports', status: 'void' });
    expect(parseBetQuery(params('kind=deposit&status=approved&page=99999999'))).toMatchObject({ kind: '', status: '', page: 1 });
    expect(parseBetQuery(params('page=20000')).page).toBe(10_000);
  });

  it('takes real calendar days the calls can compare, and reads a backwards range forwards', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-29')).toBe('');
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('2026-13-01')).toBe('');
    expect(parseDay('0099-01-01')).toBe('');
    expect(parseDay('9999-12-31')).toBe('');
    expect(parseDay('26-11-01')).toBe('');
    expect(parseDay(null)).toBe('');
    expect(parseStatementQuery(params('from=2026-11-25&to=2026-11-01'))).toMatchObject({ from: '2026-11-01', to: '2026-11-25' });
  });

  it('writes the query without defaults, empty values and page 1, and the pagination link with its marker', () => {
    expect(searchOf({ account: 'balance', type: '', from: '', to: '', page: 1 }, { account: 'balance' })).toBe('');
    expect(searchOf({ account: 'tokens', type: 'spin', from: '2026-11-01', to: '', page: 2 }, { account: 'balance' })).toBe(
      '?account=tokens&type=spin&from=2026-11-01&page=2',
    );
    expect(pageLinkOf('/vi/statement', { account: 'balance', type: 'bet', page: 4 }, { account: 'balance' })).toBe('/vi/statement?type=bet&page=[page]');
    expect(pageLinkOf('/bet-history', { kind: '', page: 1 })).toBe('/bet-history?page=[page]');
  });
});

describe('records screens: day ranges in the player\'s time zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('sends the start of the first day and the start of the day after the last, with the local offset', () => {
    process.env.TZ = 'Asia/Manila';
    expect(rangeFilters({ from: '2026-11-01', to: '2026-11-25' })).toEqual({ from: '2026-11-01T00:00:00+08:00', to: '2026-11-26T00:00:00+08:00' });
    expect(rangeFilters({ from: '', to: '2026-12-31' })).toEqual({ to: '2027-01-01T00:00:00+08:00' });
    expect(rangeFilters({ from: '', to: '' })).toEqual({});
    process.env.TZ = 'America/St_Johns';
    expect(isoWithOffset(new Date(Date.UTC(2026, 0, 15, 3, 30)))).toBe('2026-01-15T00:00:00-03:30');
    // A day of a clock change is still whole: the next day starts at its own midnight, in summer time.
    process.env.TZ = 'America/New_York';
    expect(rangeFilters({ from: '2026-03-08', to: '2026-03-08' })).toEqual({ from: '2026-03-08T00:00:00-05:00', to: '2026-03-09T00:00:00-04:00' });
    for (const value of Object.values(rangeFilters({ from: '2026-11-01', to: '2026-11-25' }))) expect(Number.isNaN(Date.parse(value))).toBe(false);
  });
});

describe('records screens: labels', () => {
  const t = ((key: string) => `t:${key}`) as unknown as SiteT;

  it('translates the known entry types and makes an unknown one readable', () => {
    expect(entryTypeLabel(t, 'withdrawal_release')).toBe('t:history.statement.types.withdrawal_release');
    expect(entryTypeLabel(t, 'cashback_bonus')).toBe('Cashback bonus');
  });

  it('keeps the last four digits of an account number', () => {
    expect(lastDigits('0012345678')).toBe('5678');
    expect(lastDigits('123')).toBe('123');
  });
});

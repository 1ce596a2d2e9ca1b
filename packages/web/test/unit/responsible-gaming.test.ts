import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_PERIODS, MONEY_LIMIT_KINDS, LOCALE_LANGS, MESSAGE_LOCALES, type LocaleCode } from '@wl/contracts';
import { expectSessionEnd, sessionExpired } from '../../app/client/errors';
import { getSession, logout, startSession } from '../../app/client/session';
import { dismissToast, getToasts } from '../../app/client/toasts';
import { EXCLUSION_END_FORMAT, exclusionEndText, isLimitExceeded, limitName, replyMessageText } from '../../app/lib/messages';
import { replyErrors } from '../../app/shared/forms/validation';
import { fixedT, translate } from '../../app/i18n/translate';
import { i18n } from '../../app/i18n/instance';
import { loadLocaleMessages } from '../../app/i18n/messages';

/**
 * ADR 0039 on the site: a login or signup refused during a time-out or self-exclusion says until
 * when, in the page's language, wherever a form shows a failed reply (the login page, every
 * template's login and sign-in modals, registration), since they all go through replyErrors; and
 * the session a player ends on purpose by a self-exclusion ends without the invalid-session warning.
 */
const UNTIL = '2026-11-27T14:05:00.000Z';

beforeAll(async () => {
  await Promise.all(MESSAGE_LOCALES.map((code) => loadLocaleMessages(code)));
});

afterEach(() => {
  i18n.changeLanguage(LOCALE_LANGS.EN);
  for (const toast of getToasts()) dismissToast(toast.id);
  expectSessionEnd(null);
  logout();
});

function logIn(token: string): void {
  startSession({
    statusCode: 1,
    message: 'OK',
    token,
    user: { account_id: 'player1', session_token: token, full_name: 'Player One', contact_email: 'p1@example.com' },
    fullname: 'Player One',
    email: 'p1@example.com',
  });
}

describe('replyMessageText', () => {
  it('says until when a time-out or self-exclusion runs, with the end in the language of the page', () => {
    const date = new Intl.DateTimeFormat('en', EXCLUSION_END_FORMAT).format(new Date(UNTIL));
    expect(replyMessageText({ statusCode: 0, message: 'timedOut', until: UNTIL } as never, translate, 'EN')).toBe(
      `You are taking a break from this operator's sites until ${date}.`,
    );
    expect(replyMessageText({ statusCode: 0, message: 'selfExcluded', until: UNTIL } as never, translate, 'EN')).toBe(
      `You are self-excluded from this operator's sites until ${date}.`,
    );
    const vi = replyMessageText({ statusCode: 0, message: 'timedOut', until: UNTIL } as never, fixedT('vi'), 'VI');
    expect(vi).toContain(exclusionEndText(UNTIL, 'VI'));
    expect(vi).toContain(new Intl.DateTimeFormat('vi', { year: 'numeric' }).format(new Date(UNTIL)));
    expect(vi.startsWith('Bạn đang tạm nghỉ')).toBe(true);
  });

  it('says a permanent self-exclusion is for good', () => {
    expect(replyMessageText({ statusCode: 0, message: 'selfExcluded', until: null } as never, translate, 'EN')).toBe(
      "You are permanently self-excluded from this operator's sites.",
    );
  });

  it('reads any other failure, or one without a usable end, as its key', () => {
    expect(replyMessageText({ message: 'timedOut' }, translate, 'EN')).toBe("You are taking a break from this operator's sites.");
    expect(replyMessageText({ message: 'selfExcluded', until: 'soon' } as never, translate, 'EN')).toBe("You are self-excluded from this operator's sites.");
    expect(replyMessageText({ message: 'invalidPassword' }, translate, 'EN')).toBe(translate('errors:invalidPassword'));
  });

  it('follows the language of the page when none is given (the forms)', () => {
    i18n.changeLanguage(LOCALE_LANGS.RUS);
    const failure = replyErrors({ statusCode: 0, message: 'timedOut', until: UNTIL } as never, ['account_id', 'password']);
    expect(failure.fields).toEqual({});
    expect(failure.form).toBe(`Вы взяли перерыв в игре на сайтах этого оператора до ${exclusionEndText(UNTIL, 'RUS')}.`);
    expect(exclusionEndText(UNTIL, 'RUS')).toBe(new Intl.DateTimeFormat('ru', EXCLUSION_END_FORMAT).format(new Date(UNTIL)));
  });
});

describe('a session ended on purpose', () => {
  it('logs out without the invalid-session warning while the self-exclusion of that session runs', () => {
    logIn('a'.repeat(32));
    expectSessionEnd('a'.repeat(32));
    sessionExpired();
    expect(getSession().isAuthenticated).toBe(false);
    expect(getToasts()).toEqual([]);
  });

  it('still warns of any other session that ends', () => {
    logIn('b'.repeat(32));
    expectSessionEnd('a'.repeat(32));
    sessionExpired();
    expect(getSession().isAuthenticated).toBe(false);
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'warning', title: translate('shell.invalidSession') })]);
    for (const toast of getToasts()) dismissToast(toast.id);
    logIn('a'.repeat(32));
    expectSessionEnd(null);
    sessionExpired();
    expect(getToasts()).toHaveLength(1);
  });
});

/**
 * ADR 0039: a deposit or a bet refused by a limit says which limit and what it leaves, in the site's
 * currency, in one place (replyMessageText) that the deposit form (through replyErrors) and the
 * betslip both use.
 */
describe('a refusal by a limit', () => {
  const refusal = (kind: string, period: string, left: string) => ({ statusCode: 0, message: 'limitExceeded', kind, period, left }) as never;

  it('names the limit and says what it leaves, in the site currency and the number-display rule', () => {
    expect(replyMessageText(refusal('deposit', 'day', '400.0000'), translate, 'EN', 'PHP')).toBe('This is over your daily deposit limit: 400 PHP left.');
    expect(replyMessageText(refusal('loss', 'week', '1234.5000'), translate, 'EN', 'PHP')).toBe('This is over your weekly loss limit: 1,234.50 PHP left.');
    expect(replyMessageText(refusal('wager', 'month', '0.0000'), translate, 'EN', 'USD')).toBe('This is over your monthly wager limit: 0 USD left.');
    // Without a currency (a caller that has none): the amount alone.
    expect(replyMessageText(refusal('deposit', 'week', '25.5'), translate, 'EN')).toBe('This is over your weekly deposit limit: 25.50 left.');
  });

  it('names every limit in every language, each its own name, with the amount left', () => {
    for (const code of MESSAGE_LOCALES as readonly LocaleCode[]) {
      const t = fixedT(LOCALE_LANGS[code]);
      const names = new Set<string>();
      // The money limits refuse an amount; the session limit (ADR 0041) has a name of its own and refuses no amount.
      expect(limitName('session', 'day', t), code).not.toMatch(/responsible\.|^$/);
      for (const kind of MONEY_LIMIT_KINDS) {
        for (const period of LIMIT_PERIODS) {
          const name = limitName(kind, period, t);
          expect(name, `${code} ${kind} ${period}`).not.toMatch(/responsible\.|^$/);
          names.add(name);
          const text = replyMessageText(refusal(kind, period, '2500.0000'), t, code, 'PHP');
          expect(text, code).toContain(name);
          expect(text, code).toContain('2,500 PHP');
          expect(text, code).not.toMatch(/\{\{|\}\}/);
        }
      }
      expect(names.size, code).toBe(9);
    }
    expect(replyMessageText(refusal('deposit', 'day', '400'), fixedT('vi'), 'VI', 'VND')).toBe('Khoản này vượt quá hạn mức nạp tiền theo ngày của bạn: còn lại 400 VND.');
  });

  it('reads a refusal without a usable limit as its key, like any other failure', () => {
    expect(isLimitExceeded(refusal('deposit', 'day', '400'))).toBe(true);
    expect(isLimitExceeded(refusal('deposit', 'year', '400'))).toBe(false);
    expect(isLimitExceeded(refusal('bonus', 'day', '400'))).toBe(false);
    expect(isLimitExceeded(refusal('deposit', 'day', 'lots'))).toBe(false);
    expect(replyMessageText({ message: 'limitExceeded' }, translate, 'EN', 'PHP')).toBe(translate('errors:limitExceeded'));
    expect(translate('errors:limitExceeded')).toBe('This is over what one of your limits leaves.');
    expect(replyMessageText({ message: 'limitNotReady' }, translate, 'EN')).toBe(
      'This change cannot be confirmed yet: it waits 24 hours from when you asked for it.',
    );
  });

  it('goes on the amount of a form that has one (the deposit form), else above the form, in the page language', () => {
    expect(replyErrors(refusal('deposit', 'day', '400.0000'), ['amount', 'transfer_reference'], 'PHP')).toEqual({
      fields: { amount: 'This is over your daily deposit limit: 400 PHP left.' },
      form: null,
    });
    expect(replyErrors(refusal('deposit', 'day', '400.0000'), ['stake'], 'PHP')).toEqual({ fields: {}, form: 'This is over your daily deposit limit: 400 PHP left.' });
    i18n.changeLanguage(LOCALE_LANGS.RUS);
    expect(replyErrors(refusal('deposit', 'week', '1000'), ['amount'], 'RUB').fields.amount).toBe('Это превышает ваш недельный лимит пополнений: осталось 1,000 RUB.');
  });
});

import { describe, expect, it } from 'vitest';
import en from '../../src/messages/en.json';
import { failureText, money, t } from '../../src/lib/i18n';
import { ERROR_KEYS } from '@wl/contracts';

/** The back office's texts and formats (ADR 0045): exact money, every failure a console meets named in words. */
describe('back-office texts', () => {
  it('shows exact decimal amounts with thousands separators and at least two decimals, never rounded', () => {
    expect(money('2800.0000', 'PHP')).toBe('2,800.00 PHP');
    expect(money('1250000', 'VND')).toBe('1,250,000.00 VND');
    expect(money('0.5000', 'USD')).toBe('0.50 USD');
    expect(money('12345678901234.1235', 'IDR')).toBe('12,345,678,901,234.1235 IDR');
    expect(money('-20.5', 'EUR')).toBe('−20.50 EUR');
  });

  it('has words for the failures of the calls it makes, and a general line for any other key', () => {
    for (const key of ['invalidCredentials', 'invalidTac', 'tooManyRequests', 'sessionExpired', 'permissionDenied', 'notPending', 'notFound', 'amlReview', 'validationError', 'serviceUnavailable', 'internalServerError'] as const) {
      expect(ERROR_KEYS as readonly string[]).toContain(key);
      expect(failureText(key)).toBe(en.errors[key]);
    }
    expect(failureText('somethingNew')).toBe('The server refused: somethingNew.');
    expect(t('payments.count', { count: 1 })).toBe('1 waiting');
    expect(t('shell.signedInAs', { username: 'alice', role: 'finance' })).toBe('Signed in as alice (finance)');
  });
});

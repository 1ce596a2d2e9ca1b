import { describe, expect, it } from 'vitest';
import {
  accountId,
  contactEmail,
  contactPhone,
  displayNumber,
  fullName,
  isAlphabetOnly,
  isNumberOnly,
  isSessionEndMessage,
  isSuccessReply,
  normaliseDomain,
  password,
  tac,
  vipProgress,
} from '../../src/index.js';

describe('number display (docs/product.md §5)', () => {
  it.each([
    [0, ''],
    ['0.0000', ''],
    [null, null],
    [1.5, '1.5'],
    [1.23456, '1.2345'],
    ['9.99999', '9.9999'],
    [12.3456, '12.3456'],
    [12.345, '12.345'],
    [12.3, '12.30'],
    [12, '12'],
    ['1500.0000', '1500'],
    ['1500.1200', '1500.12'],
    [-12.5, '-12.50'],
  ])('%s → %s', (input, expected) => {
    expect(displayNumber(input)).toBe(expected);
  });
});

describe('VIP progress (docs/product.md §9)', () => {
  it('is (starting + cycle) / target × 100, capped at 100, 0 when not a number', () => {
    expect(vipProgress(100, 150, 1000)).toBe(25);
    expect(vipProgress('500', '700', '1000')).toBe(100);
    expect(vipProgress(1, 1, 0)).toBe(0);
    expect(vipProgress('x', 1, 10)).toBe(0);
  });
});

describe('field rules (docs/product.md D5)', () => {
  it('account_id: 4–16 letters or digits, lower-cased', () => {
    expect(accountId.parse('Demo01')).toBe('demo01');
    expect(accountId.safeParse('abc').success).toBe(false);
    expect(accountId.safeParse('a'.repeat(17)).success).toBe(false);
    expect(accountId.safeParse('demo_1').success).toBe(false);
  });

  it('password: 8–64 with a letter and a digit', () => {
    expect(password.safeParse('demo1234').success).toBe(true);
    expect(password.safeParse('demodemo').success).toBe(false);
    expect(password.safeParse('12345678').success).toBe(false);
    expect(password.safeParse('d1').success).toBe(false);
  });

  it('full name, phone, email and TAC', () => {
    expect(fullName.safeParse('Maria Clara').success).toBe(true);
    expect(fullName.safeParse('R2D2').success).toBe(false);
    expect(contactPhone.safeParse('639170000000').success).toBe(true);
    expect(contactPhone.safeParse('+63917').success).toBe(false);
    expect(contactEmail.safeParse('player@example.com').success).toBe(true);
    expect(contactEmail.safeParse('player@').error?.issues[0]?.message).toBe('Invalid email address');
    expect(tac.safeParse('123456').success).toBe(true);
    expect(tac.safeParse('12345a').success).toBe(false);
  });

  it('alphabet-only and number-only inputs (docs/product.md §5)', () => {
    expect(isAlphabetOnly('Nguyễn Văn An')).toBe(true);
    expect(isAlphabetOnly('abc1')).toBe(false);
    expect(isNumberOnly('0123')).toBe(true);
    expect(isNumberOnly('1.5')).toBe(false);
  });

  it('normalises host names', () => {
    expect(normaliseDomain('Slot5.LocalHost:3000')).toBe('slot5.localhost');
    expect(normaliseDomain('example.com.')).toBe('example.com');
  });
});

describe('reply helpers (docs/product.md §8)', () => {
  it('recognises success and session-ending messages', () => {
    expect(isSuccessReply({ statusCode: 1 })).toBe(true);
    expect(isSuccessReply({ message: 'OK' })).toBe(true);
    expect(isSuccessReply({})).toBe(true);
    expect(isSuccessReply({ statusCode: 0, message: 'invalidCredentials' })).toBe(false);
    expect(isSessionEndMessage('Session Expired')).toBe(true);
    expect(isSessionEndMessage('BLOCK')).toBe(true);
    expect(isSessionEndMessage('serviceUnavailable')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  MINOR_PER_UNIT,
  addDecimals,
  compareDecimals,
  decimalsEqual,
  fractionAsPercent,
  fromMinorUnits,
  isAtLeast,
  isNegativeDecimal,
  isPositiveDecimal,
  isZeroDecimal,
  parseMinorUnits,
  progressToward,
  subtractDecimals,
  toMinorUnits,
  vipProgress,
  wholeUnitsOf,
} from '../../src/index.js';

/** The largest and smallest values of numeric(20,4): 16 digits before the point, 4 after. */
const LARGEST = '9999999999999999.9999';
const SMALLEST = '-9999999999999999.9999';

describe('exact decimals (ADR 0025)', () => {
  it.each([
    ['0', 0n],
    ['1250.5', 12_505_000n],
    ['1250.5000', 12_505_000n],
    ['0.0001', 1n],
    ['-0.25', -2_500n],
    ['+300.00', 3_000_000n],
    ['-0', 0n],
    ['-0.0000', 0n],
    [' 12 ', 120_000n],
    ['007.5', 75_000n],
    // Places past the fourth are accepted only when they are zeros: nothing is rounded away.
    ['1.50000000', 15_000n],
    [LARGEST, 99_999_999_999_999_999_999n],
    [SMALLEST, -99_999_999_999_999_999_999n],
  ])('parses %j to %s minor units', (text, minor) => {
    expect(toMinorUnits(text)).toBe(minor);
    expect(parseMinorUnits(text)).toBe(minor);
  });

  it.each(['', ' ', 'abc', '1,000', '1e3', '0x10', '.5', '5.', '1.2.3', '--1', '+-1', 'NaN', 'Infinity', '١٢', '1.23456', '0.00001'])(
    'refuses %j: toMinorUnits throws, parseMinorUnits answers null',
    (text) => {
      expect(() => toMinorUnits(text)).toThrow(/Not an exact decimal/);
      expect(parseMinorUnits(text)).toBeNull();
    },
  );

  it('parses and writes other scales (a probability of six places)', () => {
    expect(toMinorUnits('0.250000', 6)).toBe(250_000n);
    expect(toMinorUnits('3', 0)).toBe(3n);
    expect(parseMinorUnits('3.5', 0)).toBeNull();
    expect(fromMinorUnits(250_000n, { places: 6 })).toBe('0.250000');
    expect(fromMinorUnits(3n, { places: 0 })).toBe('3');
  });

  it('writes minor units with four places, or the shortest exact form', () => {
    expect(fromMinorUnits(12_505_000n)).toBe('1250.5000');
    expect(fromMinorUnits(-2_500n)).toBe('-0.2500');
    expect(fromMinorUnits(0n)).toBe('0.0000');
    expect(fromMinorUnits(-0n)).toBe('0.0000');
    expect(fromMinorUnits(1n)).toBe('0.0001');
    expect(fromMinorUnits(12_505_000n, { trim: true })).toBe('1250.5');
    expect(fromMinorUnits(120_000n, { trim: true })).toBe('12');
    expect(fromMinorUnits(0n, { trim: true })).toBe('0');
    expect(fromMinorUnits(-1n, { trim: true })).toBe('-0.0001');
  });

  it('round-trips the extremes of numeric(20,4) without losing a digit', () => {
    expect(fromMinorUnits(toMinorUnits(LARGEST))).toBe(LARGEST);
    expect(fromMinorUnits(toMinorUnits(SMALLEST))).toBe(SMALLEST);
    // Past 2^53 a float would already have rounded this.
    expect(addDecimals('9007199254740993.0001', '0.0001')).toBe('9007199254740993.0002');
    expect(subtractDecimals(LARGEST, '0.0001')).toBe('9999999999999999.9998');
    expect(MINOR_PER_UNIT).toBe(10_000n);
  });

  it('adds and subtracts exactly, where floats do not', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3000');
    expect(addDecimals()).toBe('0.0000');
    expect(addDecimals('1250.5', '0.25', '-0.75')).toBe('1250.0000');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2000');
    expect(subtractDecimals('1', '2.5')).toBe('-1.5000');
    expect(() => addDecimals('1', 'x')).toThrow();
    expect(() => subtractDecimals('1.23456', '1')).toThrow();
  });

  it('compares amounts however they are written', () => {
    expect(compareDecimals('12.5', '12.5000')).toBe(0);
    expect(compareDecimals('-0', '0')).toBe(0);
    expect(compareDecimals('9.9999', '10')).toBe(-1);
    expect(compareDecimals('10', '-10')).toBe(1);
    expect(compareDecimals(LARGEST, '9999999999999999.9998')).toBe(1);
    expect(() => compareDecimals('1', 'one')).toThrow();
    expect(decimalsEqual('300', '+300.00')).toBe(true);
    expect(decimalsEqual('300', '300.0001')).toBe(false);
    expect(isAtLeast('100', '100.0000')).toBe(true);
    expect(isAtLeast('99.9999', '100')).toBe(false);
  });

  it('checks signs; a check answers false for what is not a decimal instead of throwing', () => {
    expect(isZeroDecimal('0.0000')).toBe(true);
    expect(isZeroDecimal('-0')).toBe(true);
    expect(isZeroDecimal('0.0001')).toBe(false);
    expect(isPositiveDecimal('0.0001')).toBe(true);
    expect(isPositiveDecimal('0')).toBe(false);
    expect(isNegativeDecimal('-0.0001')).toBe(true);
    expect(isNegativeDecimal('-0')).toBe(false);
    for (const garbage of ['', 'x', '1.23456']) {
      expect(isZeroDecimal(garbage)).toBe(false);
      expect(isPositiveDecimal(garbage)).toBe(false);
      expect(isNegativeDecimal(garbage)).toBe(false);
      expect(isAtLeast(garbage, '0')).toBe(false);
      expect(isAtLeast('1', garbage)).toBe(false);
      expect(decimalsEqual(garbage, garbage)).toBe(false);
    }
  });

  it('works out progress toward a target: kept between 0 and the target, percent cut', () => {
    expect(progressToward('250', '1000')).toEqual({ progress: '250.0000', percent: 25 });
    expect(progressToward('1500', '1000')).toEqual({ progress: '1000.0000', percent: 100 });
    expect(progressToward('-5', '1000')).toEqual({ progress: '0.0000', percent: 0 });
    expect(progressToward('999.9999', '1000')).toEqual({ progress: '999.9999', percent: 99 });
    expect(progressToward('1', '3', 2)).toEqual({ progress: '1.0000', percent: 33.33 });
    expect(progressToward('5', '0')).toEqual({ progress: '0.0000', percent: 0 });
    expect(progressToward('5', '-1')).toEqual({ progress: '0.0000', percent: 0 });
    expect(() => progressToward('x', '1')).toThrow();
  });

  it('takes the whole units of an amount above zero', () => {
    expect(wholeUnitsOf('1250.75')).toBe('1250');
    expect(wholeUnitsOf('0.9999')).toBe('0');
    expect(wholeUnitsOf('-3')).toBe('0');
    expect(wholeUnitsOf('x')).toBe('0');
    expect(wholeUnitsOf(LARGEST)).toBe('9999999999999999');
  });

  it('shows a fraction as a percentage by moving the point, exactly', () => {
    expect(fractionAsPercent('0.250000')).toBe('25');
    expect(fractionAsPercent('0.005000')).toBe('0.5');
    expect(fractionAsPercent('0.000001')).toBe('0.0001');
    expect(fractionAsPercent('1.000000')).toBe('100');
    expect(fractionAsPercent('1')).toBe('100');
    expect(fractionAsPercent('0.333333')).toBe('33.3333');
    expect(fractionAsPercent('one')).toBeNull();
  });

  it('computes VIP progress exactly, to the hundredth', () => {
    // As binary floats these were 28.999999999999996 and 11.000000000000002.
    expect(vipProgress('0.29', '0', '1')).toBe(29);
    expect(vipProgress('1', '0.1', '10')).toBe(11);
    expect(vipProgress('0.1', '0.2', '0.3')).toBe(100);
    expect(vipProgress('0.1', '0.1', '0.3')).toBe(66.66);
    expect(vipProgress('-50', '0', '100')).toBe(0);
  });
});

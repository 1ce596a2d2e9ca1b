import { describe, expect, it } from 'vitest';
import { defaultStake, parseStake, stakeLadder, stakePresets, stepStake } from '../../src/client/stake.js';

const limits = { minBet: '0.10', maxBet: '100.00', maxWin: '10000.00', crashExposure: '1000000.00' };

describe('the stake control', () => {
  it('accepts whole cents with a point or a comma, canonical and exact', () => {
    expect(parseStake('2', limits, null)).toEqual({ ok: true, stake: '2' });
    expect(parseStake(' 2.5 ', limits, null)).toEqual({ ok: true, stake: '2.5' });
    expect(parseStake('2,50', limits, null)).toEqual({ ok: true, stake: '2.5' });
    expect(parseStake('0.10', limits, '0.10')).toEqual({ ok: true, stake: '0.1' });
  });

  it('refuses what is not an amount of whole cents', () => {
    for (const typed of ['', 'abc', '1.234', '1,000.00', '-1', '1e3', '0', '0.00', '1.', '.5']) {
      expect(parseStake(typed, limits, null), typed).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('refuses a stake outside the limits or above the balance', () => {
    expect(parseStake('0.09', limits, null)).toEqual({ ok: false, problem: 'tooSmall' });
    expect(parseStake('100.01', limits, null)).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseStake('100', limits, null)).toEqual({ ok: true, stake: '100' });
    expect(parseStake('5', limits, '4.99')).toEqual({ ok: false, problem: 'overBalance' });
  });

  it('steps along a 1-2-5 ladder within the limits', () => {
    expect(stakeLadder(limits).map(String)).toEqual(['1000', '2000', '5000', '10000', '20000', '50000', '100000', '200000', '500000', '1000000']);
    expect(stepStake('1', 1, limits)).toBe('2');
    expect(stepStake('1', -1, limits)).toBe('0.5');
    expect(stepStake('3', 1, limits)).toBe('5');
    expect(stepStake('3', -1, limits)).toBe('2');
    expect(stepStake('100', 1, limits)).toBe('100');
    expect(stepStake('0.1', -1, limits)).toBe('0.1');
    expect(stepStake('0.05', 1, { ...limits, minBet: '0.25' })).toBe('0.25');
  });

  it('offers presets from the minimum to the maximum and a default stake of 1', () => {
    const presets = stakePresets(limits);
    expect(presets[0]).toBe('0.1');
    expect(presets.at(-1)).toBe('100');
    expect(presets).toHaveLength(4);
    expect(defaultStake(limits)).toBe('1');
    expect(defaultStake({ minBet: '5', maxBet: '50', maxWin: '500', crashExposure: '5000' })).toBe('5');
    expect(defaultStake({ minBet: '0.01', maxBet: '0.5', maxWin: '5', crashExposure: '50' })).toBe('0.5');
  });
});

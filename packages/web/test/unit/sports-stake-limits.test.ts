import { describe, expect, it } from 'vitest';
import { DEFAULT_QUICK_STAKES, quickStakesFor, stakeOutsideLimits } from '../../app/sports/stake-limits';

const limits = (min_stake: string, max_stake = '100000000') => ({ min_stake, max_stake });

describe('quickStakesFor', () => {
  it('offers 10, 50 and 100 for a minimum of 1, as the slip did before it knew the limits', () => {
    expect(quickStakesFor(limits('1.0000', '10000.0000'))).toEqual(['10', '50', '100']);
    expect(quickStakesFor(null)).toEqual(['10', '50', '100']);
    expect(DEFAULT_QUICK_STAKES).toEqual(['10', '50', '100']);
  });

  it('starts at the smallest 1, 2 or 5 × a power of ten of at least ten minimum stakes, then five and ten times it', () => {
    expect(quickStakesFor(limits('10000'))).toEqual(['100000', '500000', '1000000']);
    expect(quickStakesFor(limits('2'))).toEqual(['20', '100', '200']);
    expect(quickStakesFor(limits('3'))).toEqual(['50', '250', '500']);
    expect(quickStakesFor(limits('1.5'))).toEqual(['20', '100', '200']);
    expect(quickStakesFor(limits('15'))).toEqual(['200', '1000', '2000']);
    expect(quickStakesFor(limits('50'))).toEqual(['500', '2500', '5000']);
    expect(quickStakesFor(limits('0.01'))).toEqual(['0.1', '0.5', '1']);
    expect(quickStakesFor(limits('0.0001'))).toEqual(['0.001', '0.005', '0.01']);
  });

  it('leaves out the quick stakes above the maximum stake', () => {
    expect(quickStakesFor(limits('1', '50'))).toEqual(['10', '50']);
    expect(quickStakesFor(limits('1', '49.99'))).toEqual(['10']);
    expect(quickStakesFor(limits('1', '5'))).toEqual([]);
    expect(quickStakesFor(limits('10000', '600000'))).toEqual(['100000', '500000']);
  });

  it('keeps the usual stakes for a minimum it cannot go by', () => {
    expect(quickStakesFor(limits('0'))).toEqual(['10', '50', '100']);
    expect(quickStakesFor(limits('abc'))).toEqual(['10', '50', '100']);
  });
});

describe('stakeOutsideLimits', () => {
  const site = limits('1.0000', '10000.0000');

  it('answers tooSmall below the minimum and tooLarge above the maximum, exactly', () => {
    expect(stakeOutsideLimits('0.9999', site)).toBe('tooSmall');
    expect(stakeOutsideLimits('1', site)).toBeNull();
    expect(stakeOutsideLimits('10000', site)).toBeNull();
    expect(stakeOutsideLimits('10000.0001', site)).toBe('tooLarge');
    expect(stakeOutsideLimits('9999', limits('10000'))).toBe('tooSmall');
  });

  it('checks nothing while the limits are unknown', () => {
    expect(stakeOutsideLimits('0.5', null)).toBeNull();
    expect(stakeOutsideLimits('99999999', null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { combinedOdds, potentialReturn, selectionResult, settledReturn, settledStatus } from '../../src/sports/outcomes.js';

describe('sports outcomes', () => {
  const result = (betType: string, homeAway: string, criteria1: string, home: number, away: number, twoWay = false) =>
    selectionResult({ betType, homeAway, criteria1 }, home, away, twoWay);

  it('settles 1X2 by the winner, and a level two-way match as void', () => {
    expect(result('1X2', 'home', '', 2, 1)).toBe('won');
    expect(result('1X2', 'draw', '', 2, 1)).toBe('lost');
    expect(result('1X2', 'draw', '', 1, 1)).toBe('won');
    expect(result('1X2', 'away', '', 1, 1)).toBe('lost');
    expect(result('1X2', 'home', '', 80, 80, true)).toBe('void');
  });

  it('settles handicaps on the home line: half lines win or lose, whole lines push, quarter lines split', () => {
    expect(result('HDP', 'home', '-0.5', 1, 0)).toBe('won');
    expect(result('HDP', 'away', '-0.5', 1, 0)).toBe('lost');
    expect(result('HDP', 'home', '-1', 1, 0)).toBe('void');
    expect(result('HDP', 'away', '-1', 1, 0)).toBe('void');
    expect(result('HDP', 'home', '-0.25', 1, 1)).toBe('half_lost');
    expect(result('HDP', 'away', '-0.25', 1, 1)).toBe('half_won');
    expect(result('HDP', 'home', '-0.75', 1, 0)).toBe('half_won');
    expect(result('HDP', 'home', '+1.25', 0, 1)).toBe('half_won');
    expect(result('HDP', 'home', '0', 2, 2)).toBe('void');
    expect(result('HDP', 'home', '+1', 0, 2)).toBe('lost');
  });

  it('settles totals over and under the line', () => {
    expect(result('OU', 'over', '2.5', 2, 1)).toBe('won');
    expect(result('OU', 'under', '2.5', 2, 1)).toBe('lost');
    expect(result('OU', 'over', '3', 2, 1)).toBe('void');
    expect(result('OU', 'over', '2.75', 2, 1)).toBe('half_won');
    expect(result('OU', 'under', '3.25', 2, 1)).toBe('half_won');
    expect(result('OU', 'over', '3.25', 2, 1)).toBe('half_lost');
  });

  it('pays exactly, cut to the money scale', () => {
    expect(combinedOdds(['1.95', '2.10', '1.33'])).toBe('5.44635');
    expect(potentialReturn('10', ['1.95', '2.10', '1.33'])).toBe('54.4635');
    expect(potentialReturn('0.01', ['1.33', '1.33'])).toBe('0.0176');
    expect(settledReturn('10', [{ odds: '1.90', result: 'half_won' }])).toBe('14.5000');
    expect(settledReturn('10', [{ odds: '1.90', result: 'half_lost' }])).toBe('5.0000');
    expect(settledReturn('10', [{ odds: '2.00', result: 'won' }, { odds: '3.00', result: 'void' }])).toBe('20.0000');
    expect(settledReturn('10', [{ odds: '2.00', result: 'won' }, { odds: '3.00', result: 'lost' }])).toBe('0.0000');
    expect(settledStatus([{ result: 'void' }, { result: 'void' }], '10.0000')).toBe('void');
    expect(settledStatus([{ result: 'half_lost' }], '5.0000')).toBe('won');
    expect(settledStatus([{ result: 'lost' }], '0.0000')).toBe('lost');
  });
});

import { describe, expect, it } from 'vitest';
import { afterSpin, beginSpin, parseLimit, startRun, stopBeforeSpin, type AutoplaySettings } from '../../src/client/games/lanterns-autoplay.js';

/** Amounts in minor units (10^4 per unit, @wl/contracts). */
const units = (amount: number): bigint => BigInt(Math.round(amount * 10_000));
const settings = (overrides: Partial<AutoplaySettings> = {}): AutoplaySettings => ({ spins: 10, lossLimit: null, winAbove: null, stopOnFreeSpins: false, ...overrides });

describe("Lucky Lanterns' autoplay stop conditions", () => {
  it('plays the number of spins chosen, then stops', () => {
    const run = startRun(settings({ spins: 10 }));
    let played = 0;
    while (stopBeforeSpin(run, units(1), units(1000)) === null) {
      beginSpin(run);
      played += 1;
      if (afterSpin(run, { stake: units(1), win: 0n, freeSpins: false }) === 'done') break;
    }
    expect(played).toBe(10);
    expect(stopBeforeSpin(run, units(1), units(1000))).toBe('done');
  });

  it('stops before a spin that could take the net loss past the limit, counting wins back', () => {
    const run = startRun(settings({ lossLimit: units(2.5) }));
    for (const win of [0, 0]) {
      expect(stopBeforeSpin(run, units(1), units(100))).toBeNull();
      beginSpin(run);
      expect(afterSpin(run, { stake: units(1), win: units(win), freeSpins: false })).toBeNull();
    }
    // Lost 2: a third loss would make 3 > 2.5.
    expect(stopBeforeSpin(run, units(1), units(100))).toBe('lossLimit');
    // A win brings the net loss back under: 2 − 1.5 + 1 = 1.5.
    const again = startRun(settings({ lossLimit: units(2.5) }));
    for (const win of [0, 0.5]) {
      beginSpin(again);
      afterSpin(again, { stake: units(1), win: units(win), freeSpins: false });
    }
    expect(stopBeforeSpin(again, units(1), units(100))).toBeNull();
    // A limit exactly reached is not exceeded.
    expect(stopBeforeSpin(startRun(settings({ lossLimit: units(1) })), units(1), units(100))).toBeNull();
  });

  it('stops after a single win above the amount, when free spins start if asked, and when the balance is short', () => {
    const big = startRun(settings({ winAbove: units(20) }));
    beginSpin(big);
    expect(afterSpin(big, { stake: units(1), win: units(20), freeSpins: false })).toBeNull();
    beginSpin(big);
    expect(afterSpin(big, { stake: units(1), win: units(20.01), freeSpins: false })).toBe('winAbove');

    const free = startRun(settings({ stopOnFreeSpins: true }));
    beginSpin(free);
    expect(afterSpin(free, { stake: units(1), win: units(3), freeSpins: true })).toBe('freeSpins');
    const freeIgnored = startRun(settings());
    beginSpin(freeIgnored);
    expect(afterSpin(freeIgnored, { stake: units(1), win: units(3), freeSpins: true })).toBeNull();

    expect(stopBeforeSpin(startRun(settings()), units(2), units(1.99))).toBe('funds');
  });

  it('reads a typed limit as exact minor units; empty means none', () => {
    expect(parseLimit('')).toBeNull();
    expect(parseLimit('  ')).toBeNull();
    expect(parseLimit('25')).toBe(units(25));
    expect(parseLimit('12,5')).toBe(units(12.5));
    expect(parseLimit('0.01')).toBe(100n);
    for (const typed of ['0', 'abc', '1.234', '-5', '1e3', '1,000.00']) expect(parseLimit(typed), typed).toBe('invalid');
  });
});

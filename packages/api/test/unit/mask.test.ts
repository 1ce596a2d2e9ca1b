/** The account id mask of the public tickers and the winners board (rewards/mask.ts). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskAccountId } from '../../src/rewards/mask.js';

describe('maskAccountId', () => {
  it.each([
    ['demo123', 'de***3'],
    ['player0001', 'pl***1'],
    ['lucky7', 'lu***7'],
    ['demo', 'd***o'],
    ['abcde', 'a***e'],
    ['abc', 'a***c'],
    ['ab', 'a***'],
    ['a', 'a***'],
    ['', '***'],
    ['  demo  ', 'd***o'],
  ])('%j → %j', (id, masked) => {
    expect(maskAccountId(id)).toBe(masked);
  });

  it('hides the length and most of every valid account id (4 to 16 letters and digits)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{4,16}$/), (id) => {
        const masked = maskAccountId(id);
        expect(masked).toMatch(/^[a-z0-9]{1,2}\*\*\*[a-z0-9]$/);
        expect(masked.startsWith(id.slice(0, masked.indexOf('*')))).toBe(true);
        expect(masked.endsWith(id.slice(-1))).toBe(true);
        // At most three characters of the id are shown, never more than half of it.
        const shown = masked.replace(/\*/g, '').length;
        expect(shown).toBeLessThanOrEqual(3);
        expect(shown * 2).toBeLessThanOrEqual(id.length);
      }),
    );
  });
});

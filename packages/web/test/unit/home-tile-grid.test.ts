import { describe, expect, it } from 'vitest';
import { GAME_LIST_FALLBACKS } from '@wl/contracts';
import { fittingColumns, gridFit } from '../../app/home/tile-grid';

describe('home grids fitted to the size of their list (issue 7)', () => {
  it('fills every row of the fallback list sizes in each width band', () => {
    for (const count of Object.values(GAME_LIST_FALLBACKS)) {
      const fit = gridFit(count, 'portrait') as Record<string, number>;
      for (const band of ['--fit-m', '--fit-l']) expect(count % fit[band]!, `${count} tiles, ${band} = ${fit[band]}`).toBe(0);
    }
    expect(gridFit(15, 'portrait')).toEqual({ '--fit-s': 3, '--fit-m': 5, '--fit-l': 5 });
    expect(gridFit(6, 'portrait')).toEqual({ '--fit-s': 3, '--fit-m': 6, '--fit-l': 6 });
    expect(gridFit(10, 'portrait')).toEqual({ '--fit-s': 2, '--fit-m': 5, '--fit-l': 5 });
  });

  it('keeps to the range and prefers its count when no count fills the last row', () => {
    const range = { min: 5, max: 8, preferred: 6 };
    // 13 tiles: 5 leaves 2 empty, 6 leaves 5, 7 leaves 1, 8 leaves 3.
    expect(fittingColumns(13, range)).toBe(7);
    // 12 tiles: 6 fills exactly.
    expect(fittingColumns(12, range)).toBe(6);
    // Fewer tiles than the narrowest grid: the tiles keep their size, one short row.
    expect(fittingColumns(3, range)).toBe(5);
    // Equally full, equally near the preferred 5: the larger count.
    expect(fittingColumns(12, { min: 4, max: 6, preferred: 5 })).toBe(6);
  });

  it('sizes app icons and list rows by their own ranges', () => {
    // 15 icons: four to a phone's row, whatever is left; no count of 8 to 10 fills two rows, 8 leaves one cell empty.
    expect(gridFit(15, 'app')).toEqual({ '--fit-s': 4, '--fit-m': 5, '--fit-l': 8 });
    expect(gridFit(6, 'list')).toEqual({ '--fit-s': 1, '--fit-m': 2, '--fit-l': 3 });
    // 7 rows: two columns leave one cell empty, three leave two.
    expect(gridFit(7, 'list')).toEqual({ '--fit-s': 1, '--fit-m': 2, '--fit-l': 2 });
  });
});

import type { CSSProperties } from 'react';
import type { TileVariant } from '../theme/templates';

/** The columns a grid may take in one band of container widths, and the count it prefers. */
interface ColumnRange {
  min: number;
  max: number;
  preferred: number;
}

/**
 * Column ranges per tile style for the three container widths of app.css's game grids: below
 * 640 px (phones), 640 to 999 px, and from 1000 px. Within a range any count keeps the tiles at a
 * comfortable size; the grid picks the one that leaves its last row fullest.
 */
/** Portrait-shaped tiles (portrait, overlay, neon) share one set of ranges. */
const PORTRAIT_RANGES = [
  { min: 2, max: 3, preferred: 3 },
  { min: 4, max: 6, preferred: 5 },
  { min: 5, max: 8, preferred: 6 },
] as const satisfies readonly [ColumnRange, ColumnRange, ColumnRange];

const RANGES: Record<TileVariant, readonly [ColumnRange, ColumnRange, ColumnRange]> = {
  portrait: PORTRAIT_RANGES,
  overlay: PORTRAIT_RANGES,
  neon: PORTRAIT_RANGES,
  // App icons stay small whatever the list's size (a ragged last row is how a phone's home screen looks).
  app: [
    { min: 4, max: 4, preferred: 4 },
    { min: 5, max: 8, preferred: 6 },
    { min: 8, max: 10, preferred: 8 },
  ],
  landscape: [
    { min: 1, max: 2, preferred: 2 },
    { min: 2, max: 3, preferred: 3 },
    { min: 3, max: 5, preferred: 4 },
  ],
  list: [
    { min: 1, max: 1, preferred: 1 },
    { min: 2, max: 2, preferred: 2 },
    { min: 2, max: 3, preferred: 3 },
  ],
};

/** Empty cells the last row of `count` tiles leaves in `columns` columns. */
function emptyCells(count: number, columns: number): number {
  return (columns - (count % columns)) % columns;
}

/**
 * The column count of a range that fits `count` tiles best: the fewest empty cells in the last
 * row, then the count nearest the preferred one, then the larger (smaller tiles scroll less).
 */
export function fittingColumns(count: number, range: ColumnRange): number {
  let best = range.preferred;
  for (let columns = range.min; columns <= range.max; columns++) {
    const gap = emptyCells(count, columns) - emptyCells(count, best);
    const nearer = Math.abs(columns - range.preferred) - Math.abs(best - range.preferred);
    if (gap < 0 || (gap === 0 && (nearer < 0 || (nearer === 0 && columns > best)))) best = columns;
  }
  return best;
}

/**
 * The column counts of a grid of `count` tiles in each width band, as the custom properties
 * app.css reads (--fit-s, --fit-m, --fit-l): a list the site sizes (15 hot games, 10 featured...)
 * fills its rows whatever its size, where a fixed count would leave a ragged last row.
 */
export function gridFit(count: number, tile: TileVariant): CSSProperties {
  const [small, medium, large] = RANGES[tile];
  return {
    '--fit-s': fittingColumns(count, small),
    '--fit-m': fittingColumns(count, medium),
    '--fit-l': fittingColumns(count, large),
  } as CSSProperties;
}

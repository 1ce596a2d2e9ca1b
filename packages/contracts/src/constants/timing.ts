/** Timing constants of docs/product.md §9, in milliseconds unless the name says otherwise. */
export const TIMINGS = {
  manifestRecheckMs: 60 * 60 * 1000,
  chunkReloadGuardMs: 10_000,
  parallelRoutePreloads: 5,
  routeChangeDelayMaxMs: 100,
  deviceRefreshDebounceMs: 50,
  listAnimationMs: 250,
  listAnimationEasing: 'ease-in-out',
  sessionExpiredToastMs: 10_000,
  errorToastMs: 3_000,
  loginModalDelayMs: 1_000,
  imageResizeDebounceMs: 500,
  blurPlaceholderSize: 32,
} as const;

/** Pagination defaults of docs/product.md §9. */
export const PAGINATION = { perPage: 10, maxPagesShown: 5 } as const;
export const PAGE_MARKER = '[page]';

/** Jump size is half of maxPagesShown rounded up. */
export function paginationJumpSize(maxPagesShown: number = PAGINATION.maxPagesShown): number {
  return Math.ceil(maxPagesShown / 2);
}

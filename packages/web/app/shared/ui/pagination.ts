import { PAGINATION, paginationJumpSize } from '@wl/contracts';

/** A page the widget offers: its number and, in link mode, its address. */
export interface PageTarget {
  page: number;
  href: string | null;
}

export interface PaginationInput {
  /** The page asked for, from 1; clamped to the pages there are. */
  page: number;
  /** How many items there are in all. */
  total: number;
  perPage?: number;
  maxPagesShown?: number;
  /** 'button': pages are buttons; 'link': pages are links built from linkUrl. */
  mode?: 'button' | 'link';
  /** Link mode: the address of a page, with the marker [page] where its number goes. */
  linkUrl?: string;
}

export interface PaginationModel {
  page: number;
  pageCount: number;
  perPage: number;
  /** The items of the current page: first (from 1) and last; 0 and 0 when there are none. */
  from: number;
  to: number;
  /** The window of page numbers shown around the current page. */
  pages: PageTarget[];
  previous: PageTarget | null;
  next: PageTarget | null;
  /** Jumps of `jumpSize` pages, offered when the window hides pages on that side. */
  jumpBack: PageTarget | null;
  jumpForward: PageTarget | null;
  jumpSize: number;
}

const PAGE_MARKER = '[page]';

/**
 * The pagination widget of docs/product.md §5 and §9: 10 items per page and 5 pages shown by default, a jump
 * of half the pages shown rounded up. Link mode needs a link URL holding the [page] marker, else a
 * TypeError is thrown.
 */
export function paginationModel({
  page,
  total,
  perPage = PAGINATION.perPage,
  maxPagesShown = PAGINATION.maxPagesShown,
  mode = 'button',
  linkUrl,
}: PaginationInput): PaginationModel {
  if (mode === 'link' && (typeof linkUrl !== 'string' || !linkUrl.includes(PAGE_MARKER))) {
    throw new TypeError(`Pagination in link mode needs a linkUrl containing ${PAGE_MARKER}`);
  }
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError('perPage must be a whole number of at least 1');
  if (!Number.isInteger(maxPagesShown) || maxPagesShown < 1) throw new RangeError('maxPagesShown must be a whole number of at least 1');

  const items = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const pageCount = Math.max(1, Math.ceil(items / perPage));
  const current = Math.min(pageCount, Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1));
  const target = (number: number): PageTarget => ({
    page: number,
    href: mode === 'link' ? linkUrl!.split(PAGE_MARKER).join(String(number)) : null,
  });

  // The window keeps the current page in its middle, shifted at either end to stay full.
  const shown = Math.min(maxPagesShown, pageCount);
  const first = Math.min(Math.max(1, current - Math.floor((shown - 1) / 2)), pageCount - shown + 1);
  const pages = Array.from({ length: shown }, (_, index) => target(first + index));
  const last = first + shown - 1;
  const jumpSize = paginationJumpSize(maxPagesShown);

  return {
    page: current,
    pageCount,
    perPage,
    from: items ? (current - 1) * perPage + 1 : 0,
    to: Math.min(items, current * perPage),
    pages,
    previous: current > 1 ? target(current - 1) : null,
    next: current < pageCount ? target(current + 1) : null,
    jumpBack: first > 1 ? target(Math.max(1, current - jumpSize)) : null,
    jumpForward: last < pageCount ? target(Math.min(pageCount, current + jumpSize)) : null,
    jumpSize,
  };
}

import { describe, expect, it } from 'vitest';
import { displayNumber, vipProgress, type FavouriteGame } from '@wl/contracts';
import { alphabetOnly, checkEmail, checkUrl, numberOnly } from '../../app/shared/forms/rules';
import { paginationModel } from '../../app/shared/ui/pagination';
import { isFavourite, withFavourite } from '../../app/player/favourites';

describe('alphabet-only input (docs/product.md §5: letters and space; the strict variant the same)', () => {
  it('keeps letters and spaces as typed', () => {
    expect(alphabetOnly('Juan dela Cruz')).toBe('Juan dela Cruz');
    expect(alphabetOnly('Nguyễn Văn An')).toBe('Nguyễn Văn An');
    expect(alphabetOnly('张伟')).toBe('张伟');
    expect(alphabetOnly('Иван Петров')).toBe('Иван Петров');
  });

  it('drops digits, punctuation, symbols and other whitespace', () => {
    expect(alphabetOnly('John3 Smith')).toBe('John Smith');
    expect(alphabetOnly('12345')).toBe('');
    expect(alphabetOnly("O'Brien-Smith.")).toBe('OBrienSmith');
    expect(alphabetOnly('Ana\tMaria\n')).toBe('AnaMaria');
    expect(alphabetOnly('Ann😀 Lee_')).toBe('Ann Lee');
    expect(alphabetOnly('')).toBe('');
  });

  it('keeps an accent typed as a combining mark, as one letter', () => {
    expect(alphabetOnly('Jose\u0301')).toBe('José');
  });
});

describe('number-only input (docs/product.md §5: digits only)', () => {
  it('keeps the digits and drops everything else', () => {
    expect(numberOnly('0912345678')).toBe('0912345678');
    expect(numberOnly('+63 912-345 678')).toBe('63912345678');
    expect(numberOnly('12.5e3')).toBe('1253');
    expect(numberOnly('abc')).toBe('');
    expect(numberOnly('')).toBe('');
  });

  it('drops digits of other scripts, which the server refuses', () => {
    expect(numberOnly('١٢٣4')).toBe('4');
    expect(numberOnly('１２3')).toBe('3');
  });
});

describe('dialog checks (docs/product.md §5)', () => {
  it("answers 'Invalid email address' for an invalid email and null for a valid one", () => {
    expect(checkEmail('player@example.com')).toBeNull();
    expect(checkEmail('  player.one+vip@mail.example.org ')).toBeNull();
    for (const bad of ['', 'player', 'player@', '@example.com', 'player@example', 'a b@example.com', `${'a'.repeat(250)}@example.com`]) {
      expect(checkEmail(bad), bad).toBe('Invalid email address');
    }
  });

  it("answers 'Invalid URL' for an invalid address and null for a valid one", () => {
    expect(checkUrl('https://example.com')).toBeNull();
    expect(checkUrl('http://example.com/path?q=1#top')).toBeNull();
    for (const bad of ['', 'example.com', 'https://', 'ftp://example.com', 'javascript:alert(1)', 'https://exa mple.com', '/relative/path']) {
      expect(checkUrl(bad), bad).toBe('Invalid URL');
    }
  });
});

describe('number display (docs/product.md §5)', () => {
  it('follows the rule on its cases', () => {
    expect(displayNumber(0)).toBe('');
    expect(displayNumber(null)).toBeNull();
    expect(displayNumber('1.23456')).toBe('1.2345');
    expect(displayNumber('12.3000')).toBe('12.30');
    expect(displayNumber('1.5000')).toBe('1.5');
    expect(displayNumber('12.0000')).toBe('12');
    expect(displayNumber('12.3450')).toBe('12.345');
  });
});

describe('VIP progress (docs/product.md §9)', () => {
  it('is (starting + cycle) / target × 100, capped at 100, 0 when not a number', () => {
    expect(vipProgress('100', '150', '1000')).toBe(25);
    expect(vipProgress('900', '500', '1000')).toBe(100);
    expect(vipProgress('0', '0', '0')).toBe(0);
    expect(vipProgress('x', '1', '10')).toBe(0);
  });
});

describe('pagination widget (docs/product.md §5, §9)', () => {
  it('shows 10 items per page and 5 pages by default, the current page in the middle', () => {
    const model = paginationModel({ page: 6, total: 200 });
    expect(model.perPage).toBe(10);
    expect(model.pageCount).toBe(20);
    expect(model.pages.map((target) => target.page)).toEqual([4, 5, 6, 7, 8]);
    expect([model.from, model.to]).toEqual([51, 60]);
    expect(model.previous?.page).toBe(5);
    expect(model.next?.page).toBe(7);
  });

  it('jumps by half of maxPagesShown rounded up', () => {
    expect(paginationModel({ page: 10, total: 200 }).jumpSize).toBe(3);
    expect(paginationModel({ page: 10, total: 200, maxPagesShown: 4 }).jumpSize).toBe(2);
    expect(paginationModel({ page: 10, total: 200, maxPagesShown: 7 }).jumpSize).toBe(4);
    const model = paginationModel({ page: 10, total: 200 });
    expect(model.jumpBack?.page).toBe(7);
    expect(model.jumpForward?.page).toBe(13);
  });

  it('keeps the window full at either end, offers jumps only towards hidden pages, and clamps them', () => {
    const start = paginationModel({ page: 1, total: 200 });
    expect(start.pages.map((target) => target.page)).toEqual([1, 2, 3, 4, 5]);
    expect(start.previous).toBeNull();
    expect(start.jumpBack).toBeNull();
    expect(start.jumpForward?.page).toBe(4);
    const end = paginationModel({ page: 20, total: 200 });
    expect(end.pages.map((target) => target.page)).toEqual([16, 17, 18, 19, 20]);
    expect(end.next).toBeNull();
    expect(end.jumpForward).toBeNull();
    expect(end.jumpBack?.page).toBe(17);
    expect(paginationModel({ page: 19, total: 200 }).jumpForward).toBeNull();
    expect(paginationModel({ page: 4, total: 200 }).jumpBack?.page).toBe(1);
  });

  it('shows fewer pages when there are fewer, and one empty page for no items', () => {
    expect(paginationModel({ page: 2, total: 25 }).pages.map((target) => target.page)).toEqual([1, 2, 3]);
    const empty = paginationModel({ page: 3, total: 0 });
    expect([empty.page, empty.pageCount, empty.from, empty.to]).toEqual([1, 1, 0, 0]);
    expect(paginationModel({ page: 99, total: 31 }).page).toBe(4);
  });

  it('builds links from a URL holding [page] in link mode', () => {
    const model = paginationModel({ page: 2, total: 50, mode: 'link', linkUrl: '/inbox?page=[page]' });
    expect(model.pages.map((target) => target.href)).toEqual(['/inbox?page=1', '/inbox?page=2', '/inbox?page=3', '/inbox?page=4', '/inbox?page=5']);
    expect(model.next?.href).toBe('/inbox?page=3');
    expect(paginationModel({ page: 1, total: 50 }).pages[0]?.href).toBeNull();
  });

  it('throws a TypeError in link mode without a URL holding [page]', () => {
    expect(() => paginationModel({ page: 1, total: 50, mode: 'link' })).toThrow(TypeError);
    expect(() => paginationModel({ page: 1, total: 50, mode: 'link', linkUrl: '/inbox?page=' })).toThrow(TypeError);
    expect(() => paginationModel({ page: 1, total: 50, mode: 'link', linkUrl: '/inbox?page=[PAGE]' })).toThrow(TypeError);
  });
});

describe('favourites list changes (optimistic heart)', () => {
  const game = (code: string): FavouriteGame => ({
    provider_code: 'PGSOFT',
    game_code: code,
    game_name: `Game ${code}`,
    game_type: 'slots',
    img_url: `/img/${code}.png`,
  });

  it('adds a game first, once, and removes it by provider and code', () => {
    const list = [game('a'), game('b')];
    expect(withFavourite(list, game('c'), true).map((entry) => entry.game_code)).toEqual(['c', 'a', 'b']);
    expect(withFavourite(list, game('b'), true).map((entry) => entry.game_code)).toEqual(['b', 'a']);
    expect(withFavourite(list, game('a'), false).map((entry) => entry.game_code)).toEqual(['b']);
    expect(isFavourite(list, { provider_code: 'PGSOFT', game_code: 'b' })).toBe(true);
    expect(isFavourite(list, { provider_code: 'EVOPLAY', game_code: 'b' })).toBe(false);
  });
});

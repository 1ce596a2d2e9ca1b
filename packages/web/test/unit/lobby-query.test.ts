import { describe, expect, it } from 'vitest';
import { LOBBY_SEARCH_MAX, type CatalogueGame } from '@wl/contracts';
import { LOBBY_MAX_PAGES, LOBBY_PATHS, lobbyCategoryOf, lobbySearch, parseLobbyQuery } from '../../app/lobby/lobbies';
import { appendGames, gameKey } from '../../app/lobby/lobby-data';

const query = (text: string) => parseLobbyQuery(new URLSearchParams(text));

describe('lobby URLs (issue 7)', () => {
  it('has a lobby for every game category but the sportsbook, /hot for the hot games', () => {
    expect([...LOBBY_PATHS].sort()).toEqual(
      ['/arcade', '/bingo', '/casino', '/crash', '/fishing', '/hash-game', '/horse-racing', '/hot', '/lottery', '/poker', '/sabong', '/slots'].sort(),
    );
    expect(lobbyCategoryOf('/casino')).toBe('livecasino');
    expect(lobbyCategoryOf('/hot')).toBe('hot');
    expect(lobbyCategoryOf('/poker')).toBe('table');
    expect(lobbyCategoryOf('/sports')).toBeNull();
    expect(lobbyCategoryOf('/vip')).toBeNull();
  });

  it('reads the provider, the search and the pages shown, and makes them safe to send', () => {
    expect(query('')).toEqual({ provider: '', q: '', page: 1 });
    expect(query('provider=PGSoft&q=%20Gold%20&page=3')).toEqual({ provider: 'pgsoft', q: 'Gold', page: 3 });
    // What cannot be a slug is no filter at all; the search is cut to what the call takes.
    expect(query('provider=pg%20soft').provider).toBe('');
    expect(query('provider=../x').provider).toBe('');
    expect(query(`q=${'a'.repeat(LOBBY_SEARCH_MAX + 10)}`).q).toHaveLength(LOBBY_SEARCH_MAX);
    // Pages: whole numbers from 1 to the most one document renders.
    expect(query('page=0').page).toBe(1);
    expect(query('page=-4').page).toBe(1);
    expect(query('page=two').page).toBe(1);
    expect(query('page=2.9').page).toBe(2);
    expect(query('page=99999').page).toBe(LOBBY_MAX_PAGES);
  });

  it('writes a query back without its empty parts and without page 1', () => {
    expect(lobbySearch({ provider: '', q: '', page: 1 })).toBe('');
    expect(lobbySearch({ provider: 'jili', q: '', page: 1 })).toBe('?provider=jili');
    expect(lobbySearch({ provider: 'jili', q: 'Fortune Tiger & co', page: 2 })).toBe('?provider=jili&q=Fortune+Tiger+%26+co&page=2');
    const written = { provider: 'pgsoft', q: 'mahjong ways', page: 4 };
    expect(query(lobbySearch(written).slice(1))).toEqual(written);
  });
});

describe('loading more games', () => {
  const game = (provider: string, code: string): CatalogueGame => ({
    provider_code: provider,
    game_code: code,
    game_name: code,
    game_type: 'slots',
    game_image: '',
    provider_name: provider,
    game_placeholder: '',
    hot: false,
    is_new: false,
    has_demo: false,
  });

  it('appends the next page without the games already shown (pages can shift under the player)', () => {
    const shown = [game('PG', '1'), game('PG', '2')];
    const next = [game('PG', '2'), game('JILI', '2'), game('PG', '3')];
    expect(appendGames(shown, next).map(gameKey)).toEqual(['PG:1', 'PG:2', 'JILI:2', 'PG:3']);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_BET_SELECTIONS, type Match, type PublicBet } from '@wl/contracts';
import { mergeMatches } from '../../app/sports/use-live-matches';
import { americanOdds, compareOdds, formatOdds, formatTotalOdds, fractionalOdds, roundOdds } from '../../app/sports/odds-format';
import {
  ACCUMULATOR,
  MAX_SELECTIONS,
  DEFAULT_SPORTS_SETTINGS,
  EMPTY_SLIP,
  acceptStakeInput,
  accumulatorBlock,
  acknowledgeChanges,
  applyFeed,
  applyPrices,
  attemptOf,
  betBlock,
  betsOf,
  fingerprintOf,
  forgetAttempt,
  markPlaced,
  newClientBetId,
  parseSlip,
  parseSportsSettings,
  potentialReturn,
  priceMove,
  removeSelection,
  repeatedMatches,
  serializeSlip,
  setStake,
  slipTotals,
  stakeAmount,
  toggleSelection,
  totalOdds,
  type SlipState,
} from '../../app/sports/slip';
import { refreshMatches } from '../../app/sports/board';

/** A price of the feed as the board shows it (the bet display record of docs/product.md §3). */
function price(selection_id: number, match_id: number, odds: string, fields: Partial<PublicBet> = {}): PublicBet {
  return {
    selection_id,
    match_id,
    sport: 'soccer',
    league: 'International Friendlies',
    start_time: '2026-11-27T12:00:00.000Z',
    status: 'upcoming',
    home_team_name: `Home ${match_id}`,
    away_team_name: `Away ${match_id}`,
    home_name_vi: `Nhà ${match_id}`,
    bet_type: '1X2',
    home_away: 'home',
    criteria1: null,
    odds,
    ...fields,
  };
}

function slipOf(...prices: PublicBet[]): SlipState {
  return prices.reduce<SlipState>((state, bet) => toggleSelection(state, bet), EMPTY_SLIP);
}

describe('the contract', () => {
  it('gives the slip its most selections', () => {
    expect(MAX_SELECTIONS).toBe(MAX_BET_SELECTIONS);
  });
});

describe('odds formats', () => {
  it('keeps decimal odds as the feed writes them', () => {
    expect(formatOdds('1.95', 'decimal')).toBe('1.95');
    expect(formatOdds('2.00', 'decimal')).toBe('2.00');
  });

  it('writes fractional odds as the reduced fraction of the profit, exactly', () => {
    expect(fractionalOdds('1.50')).toBe('1/2');
    expect(fractionalOdds('2.75')).toBe('7/4');
    expect(fractionalOdds('2.00')).toBe('1/1');
    expect(fractionalOdds('2.5')).toBe('3/2');
    expect(fractionalOdds('1.91')).toBe('91/100');
    expect(fractionalOdds('11.00')).toBe('10/1');
    expect(fractionalOdds('1.333')).toBe('333/1000');
    expect(formatOdds('1.25', 'fractional')).toBe('1/4');
  });

  it('writes American odds: the profit on 100 from 2.00 up, the stake to win 100 below, to the nearest whole number', () => {
    expect(americanOdds('2.50')).toBe('+150');
    expect(americanOdds('1.50')).toBe('\u2212200');
    expect(americanOdds('2.00')).toBe('+100');
    expect(americanOdds('11.79')).toBe('+1079');
    expect(americanOdds('1.91')).toBe('\u2212110'); // 100 / 0.91 = 109.89…
    expect(americanOdds('1.95')).toBe('\u2212105'); // 105.26…
    expect(americanOdds('2.125')).toBe('+113'); // 112.5, half up
    expect(americanOdds('1.08')).toBe('\u22121250');
    expect(formatOdds('3.20', 'american')).toBe('+220');
  });

  it('leaves a price without a fractional or American form (1.00 or less, not a number) as it is', () => {
    expect(formatOdds('1.00', 'fractional')).toBe('1.00');
    expect(formatOdds('1.00', 'american')).toBe('1.00');
    expect(formatOdds('abc', 'american')).toBe('abc');
  });

  it('rounds total odds to two decimals half up, exactly, before formatting them', () => {
    expect(roundOdds('4.598568')).toBe('4.60');
    expect(roundOdds('7.04')).toBe('7.04');
    expect(roundOdds('2.005')).toBe('2.01');
    expect(roundOdds('2.0049')).toBe('2.00');
    expect(roundOdds('12')).toBe('12');
    expect(formatTotalOdds('4.598568', 'decimal')).toBe('4.60');
    expect(formatTotalOdds('4.598568', 'fractional')).toBe('18/5');
    expect(formatTotalOdds('4.598568', 'american')).toBe('+360');
  });

  it('compares prices by value, however written', () => {
    expect(compareOdds('2.5', '2.50')).toBe(0);
    expect(compareOdds('2.51', '2.5')).toBe(1);
    expect(compareOdds('1.99', '2')).toBe(-1);
  });
});

describe('the accumulator', () => {
  it('is offered for two or more selections of different matches', () => {
    expect(accumulatorBlock([])).toBe('tooFew');
    expect(accumulatorBlock([{ match_id: 1 }])).toBe('tooFew');
    expect(accumulatorBlock([{ match_id: 1 }, { match_id: 2 }])).toBeNull();
    expect(accumulatorBlock([{ match_id: 1 }, { match_id: 2 }, { match_id: 3 }])).toBeNull();
  });

  it('is not offered when two selections are of one match, and says which match', () => {
    const selections = [{ match_id: 1 }, { match_id: 2 }, { match_id: 1 }];
    expect(accumulatorBlock(selections)).toBe('sameMatch');
    expect([...repeatedMatches(selections)]).toEqual([1]);
  });

  it('takes at most the contract’s number of selections', () => {
    const many = Array.from({ length: MAX_BET_SELECTIONS + 1 }, (_, index) => ({ match_id: index + 1 }));
    expect(accumulatorBlock(many)).toBe('tooMany');
    expect(accumulatorBlock(many.slice(0, MAX_BET_SELECTIONS))).toBeNull();
  });

  it('is left out of the bets while it is not offered, whatever stake it had', () => {
    let state = slipOf(price(1, 1, '2.00'), price(2, 2, '3.52'));
    state = setStake(state, ACCUMULATOR, '10');
    expect(betsOf(state).map((bet) => bet.kind)).toEqual(['accumulator']);
    state = toggleSelection(state, price(3, 1, '3.10', { home_away: 'away' }));
    expect(betsOf(state)).toEqual([]);
  });
});

describe('stakes and returns, exactly', () => {
  it('accepts digits with one decimal point and two decimals, and refuses letters, signs and more', () => {
    expect(acceptStakeInput('10')).toBe('10');
    expect(acceptStakeInput('10.5')).toBe('10.5');
    expect(acceptStakeInput('10.')).toBe('10.');
    expect(acceptStakeInput('10,25')).toBe('10.25');
    expect(acceptStakeInput('')).toBe('');
    expect(acceptStakeInput('abc')).toBeNull();
    expect(acceptStakeInput('1e3')).toBeNull();
    expect(acceptStakeInput('-5')).toBeNull();
    expect(acceptStakeInput('+5')).toBeNull();
    expect(acceptStakeInput('10.555')).toBeNull();
    expect(acceptStakeInput('1.2.3')).toBeNull();
  });

  it('sends a typed stake in its shortest form and no stake for zero', () => {
    expect(stakeAmount('10.')).toBe('10');
    expect(stakeAmount('010.50')).toBe('10.5');
    expect(stakeAmount('0')).toBeNull();
    expect(stakeAmount('')).toBeNull();
    expect(stakeAmount(undefined)).toBeNull();
  });

  it('multiplies the prices exactly', () => {
    expect(totalOdds(['2.00', '3.52'])).toBe('7.04');
    expect(totalOdds(['1.36', '1.17', '2.89'])).toBe('4.598568');
    expect(totalOdds(['2', '3'])).toBe('6.00');
    expect(totalOdds(['1.1', '1.1', '1.1'])).toBe('1.331'); // 1.3310000000000004 in floats
  });

  it('works out the potential return as the server does: stake × odds, cut to the money scale', () => {
    expect(potentialReturn('10', ['1.95'])).toBe('19.5000');
    expect(potentialReturn('10.5', ['2.75'])).toBe('28.8750');
    expect(potentialReturn('10', ['2.00', '3.52'])).toBe('70.4000');
    expect(potentialReturn('0.1', ['3'])).toBe('0.3000'); // 0.30000000000000004 in floats
    expect(potentialReturn('0.03', ['1.333'])).toBe('0.0399'); // 0.03999: cut, not rounded
    expect(potentialReturn('25', ['1.36', '1.17', '2.89'])).toBe('114.9642');
    expect(potentialReturn('', ['1.95'])).toBeNull();
    expect(potentialReturn('10', [])).toBeNull();
  });

  it('sums the stakes and returns of singles and the accumulator', () => {
    let state = slipOf(price(1, 1, '2.00'), price(2, 2, '3.52'));
    state = setStake(setStake(setStake(state, '1', '10'), '2', '0.1'), ACCUMULATOR, '5.5');
    const bets = betsOf(state);
    expect(bets.map((bet) => [bet.key, bet.kind, bet.stake, bet.potentialReturn])).toEqual([
      ['1', 'single', '10', '20.0000'],
      ['2', 'single', '0.1', '0.3520'],
      [ACCUMULATOR, 'accumulator', '5.5', '38.7200'],
    ]);
    expect(slipTotals(bets)).toEqual({ stake: '15.6000', potentialReturn: '59.0720' });
  });
});

describe('the slip', () => {
  it('toggles a price on and off, with its stake', () => {
    const bet = price(7, 3, '1.80');
    let state = toggleSelection(EMPTY_SLIP, bet);
    expect(state.selections.map((selection) => [selection.selection_id, selection.added_odds, selection.open])).toEqual([[7, '1.80', true]]);
    state = setStake(state, '7', '20');
    state = toggleSelection(state, bet);
    expect(state).toEqual(EMPTY_SLIP);
  });

  it('holds at most the contract’s number of selections', () => {
    let state = EMPTY_SLIP;
    for (let id = 1; id <= MAX_BET_SELECTIONS + 1; id += 1) state = toggleSelection(state, price(id, id, '1.50'));
    expect(state.selections).toHaveLength(MAX_BET_SELECTIONS);
  });

  it('drops the accumulator’s stake when fewer than two selections remain', () => {
    let state = setStake(slipOf(price(1, 1, '2.00'), price(2, 2, '3.00')), ACCUMULATOR, '10');
    state = removeSelection(state, 2);
    expect(state.stakes).toEqual({});
  });

  it('follows the feed: prices now, a suspended match, a line the feed lost closed', () => {
    const state = slipOf(price(1, 1, '2.00'), price(2, 2, '3.00'), price(3, 3, '1.50'));
    const feed: Match[] = [
      { ...match(1), odds: [{ selection_id: 1, bet_type: '1X2', home_away: 'home', criteria1: null, odds: '2.10' }] },
      {
        ...match(2),
        suspended: true,
        status: 'live',
        minute: 12,
        odds: [{ selection_id: 2, bet_type: '1X2', home_away: 'home', criteria1: null, odds: '3.00' }],
      },
    ];
    const next = applyFeed(state, feed);
    expect(next.selections.map((selection) => [selection.odds, selection.suspended, selection.status, selection.open])).toEqual([
      ['2.10', false, 'upcoming', true],
      ['3.00', true, 'live', true],
      ['1.50', false, 'upcoming', false],
    ]);
    expect(priceMove(next.selections[0]!)).toBe('up');
    expect(priceMove({ odds: '1.90', added_odds: '2.00' })).toBe('down');
    expect(priceMove(next.selections[1]!)).toBeNull();
    // Nothing moved: the same state (no write to storage).
    expect(applyFeed(next, feed)).toBe(next);
    const bets = betsOf(setStake(setStake(next, '2', '1'), '3', '1'));
    expect(bets.map(betBlock)).toEqual(['suspended', 'closed']);
  });

  it('takes the prices of an oddsChanged reply, highlighting those that moved', () => {
    const state = slipOf(price(1, 1, '2.00'), price(2, 2, '3.00'));
    const next = applyPrices(state, [
      { selection_id: 1, odds: '1.90', open: true },
      { selection_id: 2, odds: '3.00', open: false },
    ]);
    expect(next.selections.map((selection) => [selection.odds, selection.changed, selection.open])).toEqual([
      ['1.90', true, true],
      ['3.00', false, false],
    ]);
    expect(acknowledgeChanges(next).selections.every((selection) => !selection.changed)).toBe(true);
    // Compared with the prices the bet was sent at: the feed may have brought the slip's to the new price meanwhile.
    const caughtUp = applyPrices(state, [{ selection_id: 1, odds: '2.00', open: true }], new Map([[1, '1.95']]));
    expect(caughtUp.selections[0]!.changed).toBe(true);
  });
});

describe('client bet ids', () => {
  it('are 8 to 64 characters of the contract’s alphabet', () => {
    expect(newClientBetId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientBetId(() => '0f8e6a4c-1b2d-4e5f-9a7b-3c2d1e0f9a8b')).toBe('0f8e6a4c1b2d4e5f9a7b3c2d1e0f9a8b');
  });

  it('are kept for a bet whose placement got no answer, and renewed once it changed or was answered', () => {
    let state = setStake(slipOf(price(1, 1, '2.00')), '1', '10');
    const [bet] = betsOf(state);
    let made = 0;
    const make = () => `attempt-id-${++made}`;
    const first = attemptOf(state, bet!, make);
    state = first.state;
    expect(first.id).toBe('attempt-id-1');
    // Sent again unchanged (a retry after no answer, even at a price moved since): the same id.
    const moved = applyPrices(state, [{ selection_id: 1, odds: '2.05', open: true }]);
    expect(attemptOf(moved, betsOf(moved)[0]!, make).id).toBe('attempt-id-1');
    // Another stake is another bet.
    const restaked = setStake(state, '1', '12');
    expect(attemptOf(restaked, betsOf(restaked)[0]!, make).id).toBe('attempt-id-2');
    // Answered: the next press is a new bet.
    expect(attemptOf(forgetAttempt(state, '1'), bet!, make).id).toBe('attempt-id-3');
    expect(fingerprintOf(bet!)).toBe('1|10');
    // Placed: its stake and attempt go, the selection stays for the other bets.
    const placed = markPlaced(state, '1');
    expect(placed.stakes).toEqual({});
    expect(placed.attempts).toEqual({});
    expect(placed.selections).toHaveLength(1);
  });
});

describe('storage', () => {
  it('reads back what it wrote', () => {
    let state = slipOf(price(1, 1, '2.00'), price(2, 2, '3.52', { bet_type: 'OU', home_away: 'over', criteria1: '2.5', status: 'live' }));
    state = setStake(setStake(state, '1', '10.5'), ACCUMULATOR, '5');
    state = attemptOf(state, betsOf(state)[0]!, () => 'abcdefgh1234').state;
    state = applyPrices(state, [{ selection_id: 2, odds: '3.40', open: true }]);
    const read = parseSlip(serializeSlip(state));
    expect(read).toEqual(state);
    expect(read.selections[0]!.home_name_vi).toBe('Nhà 1');
  });

  it('reads anything else as the empty slip, and drops what is not a selection, stake or attempt of it', () => {
    expect(parseSlip(null)).toEqual(EMPTY_SLIP);
    expect(parseSlip('not json')).toEqual(EMPTY_SLIP);
    expect(parseSlip('[1,2]')).toEqual(EMPTY_SLIP);
    const good = serializeSlip(setStake(slipOf(price(1, 1, '2.00')), '1', '10'));
    const stored = JSON.parse(good) as { selections: unknown[]; stakes: Record<string, unknown>; attempts: Record<string, unknown> };
    stored.selections.push({ selection_id: 'x' }, { ...(stored.selections[0] as object), odds: '-1' }, stored.selections[0]);
    stored.stakes = { '1': '10', '99': '5', [ACCUMULATOR]: '5', '2': 'abc' };
    stored.attempts = { '1': { id: 'bad id!', fingerprint: '1|10' }, '99': { id: 'abcdefgh', fingerprint: '' } };
    const read = parseSlip(JSON.stringify(stored));
    expect(read.selections.map((selection) => selection.selection_id)).toEqual([1]);
    expect(read.stakes).toEqual({ '1': '10' });
    expect(read.attempts).toEqual({});
  });

  it('reads the betting settings, with the defaults for what is missing or unknown', () => {
    expect(parseSportsSettings(null)).toEqual(DEFAULT_SPORTS_SETTINGS);
    expect(parseSportsSettings('{"oddsChange":"any","oddsFormat":"american"}')).toEqual({ oddsChange: 'any', oddsFormat: 'american' });
    expect(parseSportsSettings('{"oddsChange":"sometimes","oddsFormat":"fractional"}')).toEqual({ oddsChange: 'higher', oddsFormat: 'fractional' });
    expect(parseSportsSettings('nope')).toEqual(DEFAULT_SPORTS_SETTINGS);
  });
});

function match(id: number): Match {
  return {
    match_id: id,
    sport: 'soccer',
    league: 'International Friendlies',
    start_time: '2026-11-27T12:00:00.000Z',
    status: 'upcoming',
    home_team_name: `Home ${id}`,
    away_team_name: `Away ${id}`,
    home_score: null,
    away_score: null,
    odds: [],
    suspended: false,
    minute: null,
  };
}

describe('refreshMatches', () => {
  it('keeps what the page shows with the feed’s prices, suspension, status and score now, and leaves out what ended', () => {
    const shown = [
      { ...match(1), kick_off_label: '12:00' },
      { ...match(2), kick_off_label: '13:00' },
      { ...match(3), kick_off_label: '14:00' },
    ];
    const feed: Match[] = [
      {
        ...match(1),
        status: 'live',
        home_score: 1,
        away_score: 0,
        minute: 23,
        suspended: true,
        odds: [{ selection_id: 5, bet_type: '1X2', home_away: 'home', criteria1: null, odds: '1.40' }],
      },
      { ...match(3), status: 'finished' },
      match(4),
    ];
    expect(refreshMatches(shown, feed)).toEqual([{ ...feed[0], kick_off_label: '12:00' }]);
  });
});

describe('the live board merge', () => {
  const at = (id: number, start: string, fields: Partial<Match> = {}): Match => ({
    match_id: id, sport: 'soccer', league: 'L', start_time: start, status: 'upcoming', home_team_name: `H${id}`, away_team_name: `A${id}`,
    home_score: null, away_score: null, odds: [], suspended: false, minute: null, ...fields,
  });

  it('replaces the pushed matches, adds new ones in start order, and keeps a finished one marked for the board to drop', () => {
    const list = [at(1, '2026-11-26T10:00:00Z'), at(2, '2026-11-26T11:00:00Z')];
    const merged = mergeMatches(list, [at(2, '2026-11-26T11:00:00Z', { status: 'live', home_score: 1, away_score: 0, minute: 12 }), at(3, '2026-11-26T10:30:00Z'), at(1, '2026-11-26T10:00:00Z', { status: 'finished' })]);
    expect(merged.map((match) => [match.match_id, match.status])).toEqual([[1, 'finished'], [3, 'upcoming'], [2, 'live']]);
    expect(merged[2]).toMatchObject({ home_score: 1, minute: 12 });
    expect(list[1]!.status).toBe('upcoming');
  });
});

import { MONEY_PLACES, fromMinorUnits, parseMinorUnits, type Match } from '@wl/contracts';
import { compareOdds, oddsFraction } from './odds-format';
import { ACCUMULATOR, MAX_SELECTIONS, type SlipSelection, type SlipState } from './slip-state';

export * from './slip-state';

/*
 * The betslip's bets (ADR 0035): the singles and the accumulator its selections make, stakes and
 * potential returns in exact decimals (BigInt minor units, never floats), the prices kept up to
 * date from the feed and from an oddsChanged reply, and the client bet id of each attempt.
 */

// ---------------------------------------------------------------------------------------------
// The accumulator

/** Why the slip offers no accumulator: fewer than two selections, two of one match, or more than the most. */
export type AccumulatorBlock = 'tooFew' | 'sameMatch' | 'tooMany';

export function accumulatorBlock(selections: readonly Pick<SlipSelection, 'match_id'>[]): AccumulatorBlock | null {
  if (selections.length < 2) return 'tooFew';
  if (new Set(selections.map((selection) => selection.match_id)).size !== selections.length) return 'sameMatch';
  if (selections.length > MAX_SELECTIONS) return 'tooMany';
  return null;
}

/** The match ids that appear more than once on the slip (the reason an accumulator is not offered). */
export function repeatedMatches(selections: readonly Pick<SlipSelection, 'match_id'>[]): Set<number> {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const { match_id } of selections) (seen.has(match_id) ? repeated : seen).add(match_id);
  return repeated;
}

// ---------------------------------------------------------------------------------------------
// Stakes, odds and returns, exactly

/** A typed stake in minor units; null when nothing is typed or it is not an amount above zero. */
export function stakeMinor(stake: string | undefined): bigint | null {
  if (!stake) return null;
  const value = parseMinorUnits(stake.endsWith('.') ? stake.slice(0, -1) : stake);
  return value !== null && value > 0n ? value : null;
}

/** A typed stake as the call sends it ("10.", "010" → "10"); null when it is no stake. */
export function stakeAmount(stake: string | undefined): string | null {
  const value = stakeMinor(stake);
  return value === null ? null : fromMinorUnits(value, { trim: true });
}

/** The product of decimal prices, exactly: ["2.00", "3.52"] → "7.04" (at least two decimals). */
export function totalOdds(odds: readonly string[]): string {
  let numerator = 1n;
  let places = 0;
  for (const price of odds) {
    const fraction = oddsFraction(price);
    if (!fraction) return '0.00';
    numerator *= fraction.numerator;
    places += fraction.denominator.toString().length - 1;
  }
  const [whole = '0', decimals = ''] = fromMinorUnits(numerator, { places }).split('.');
  return `${whole}.${decimals.replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * What a bet pays if every selection wins: stake × the product of the prices, cut (not rounded)
 * to the money scale, as the server works it out (ADR 0035). A money string of four places; null
 * without a stake or a price.
 */
export function potentialReturn(stake: string | undefined, odds: readonly string[]): string | null {
  const minor = stakeMinor(stake);
  if (minor === null || !odds.length) return null;
  let numerator = minor;
  let denominator = 1n;
  for (const price of odds) {
    const fraction = oddsFraction(price);
    if (!fraction) return null;
    numerator *= fraction.numerator;
    denominator *= fraction.denominator;
  }
  return fromMinorUnits(numerator / denominator, { places: MONEY_PLACES });
}

/** One bet the slip would place: a single of one selection, or the accumulator of them all. */
export interface SlipBet {
  key: string;
  kind: 'single' | 'accumulator';
  selections: SlipSelection[];
  /** The stake as the call sends it. */
  stake: string;
  /** Its potential return at the prices on the slip (four places). */
  potentialReturn: string;
}

/** The bets with a stake: each single with one, then the accumulator when it is offered and has one. */
export function betsOf(state: SlipState): SlipBet[] {
  const bets: SlipBet[] = [];
  const add = (key: string, kind: SlipBet['kind'], selections: SlipSelection[]) => {
    const stake = stakeAmount(state.stakes[key]);
    const back = stake
      ? potentialReturn(
          stake,
          selections.map((selection) => selection.odds),
        )
      : null;
    if (stake && back) bets.push({ key, kind, selections, stake, potentialReturn: back });
  };
  for (const selection of state.selections) add(String(selection.selection_id), 'single', [selection]);
  if (!accumulatorBlock(state.selections)) add(ACCUMULATOR, 'accumulator', state.selections);
  return bets;
}

/** The stakes and potential returns of the slip's bets, summed exactly (four places). */
export function slipTotals(bets: readonly SlipBet[]): { stake: string; potentialReturn: string } {
  const sum = (values: string[]) => fromMinorUnits(values.reduce((total, value) => total + (parseMinorUnits(value) ?? 0n), 0n));
  return { stake: sum(bets.map((bet) => bet.stake)), potentialReturn: sum(bets.map((bet) => bet.potentialReturn)) };
}

/** Why a bet cannot be sent as it stands: a selection no longer offered, or one of a suspended match. */
export function betBlock(bet: SlipBet): 'closed' | 'suspended' | null {
  if (bet.selections.some((selection) => !selection.open)) return 'closed';
  if (bet.selections.some((selection) => selection.suspended)) return 'suspended';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Prices moving

/** The slip after the feed was read again: each selection's price, suspension and status now; a selection the feed lost is closed. */
export function applyFeed(state: SlipState, matches: readonly Match[]): SlipState {
  const byId = new Map(matches.map((match) => [match.match_id, match]));
  let changed = false;
  const selections = state.selections.map((selection) => {
    const match = byId.get(selection.match_id);
    const price = match?.odds.find((entry) => entry.selection_id === selection.selection_id);
    const next: SlipSelection =
      match && price && match.status !== 'finished'
        ? { ...selection, odds: price.odds, criteria1: price.criteria1, suspended: match.suspended, status: match.status, open: true }
        : { ...selection, open: false };
    if (
      next.odds !== selection.odds ||
      next.criteria1 !== selection.criteria1 ||
      next.suspended !== selection.suspended ||
      next.status !== selection.status ||
      next.open !== selection.open
    ) {
      changed = true;
      return next;
    }
    return selection;
  });
  return changed ? { ...state, selections } : state;
}

/**
 * The slip after an oddsChanged reply: the prices now, each one that moved from the price sent
 * (`sent`, by selection id; else the slip's own) highlighted, a closed one marked.
 */
export function applyPrices(
  state: SlipState,
  prices: readonly { selection_id: number; odds: string; open: boolean }[],
  sent: ReadonlyMap<number, string> = new Map(),
): SlipState {
  const byId = new Map(prices.map((price) => [price.selection_id, price]));
  return {
    ...state,
    selections: state.selections.map((selection) => {
      const price = byId.get(selection.selection_id);
      if (!price) return selection;
      const moved = compareOdds(price.odds, sent.get(selection.selection_id) ?? selection.odds) !== 0;
      return { ...selection, odds: price.odds, open: price.open, changed: selection.changed || moved };
    }),
  };
}

/** The highlight of changed prices cleared (the player has seen them and places again). */
export function acknowledgeChanges(state: SlipState): SlipState {
  if (!state.selections.some((selection) => selection.changed)) return state;
  return { ...state, selections: state.selections.map((selection) => (selection.changed ? { ...selection, changed: false } : selection)) };
}

// ---------------------------------------------------------------------------------------------
// Client bet ids

/** A client bet id (ADR 0035): 32 hexadecimal characters, from the browser's random UUID. */
export function newClientBetId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/-/g, '');
}

/** What the server compares under one client bet id: the selections and the stake (ADR 0035). */
export function fingerprintOf(bet: Pick<SlipBet, 'selections' | 'stake'>): string {
  return `${bet.selections.map((selection) => selection.selection_id).join(',')}|${bet.stake}`;
}

/**
 * The client bet id to send a bet under: the id of an earlier attempt of the same bet that got
 * no answer, else a new one. The state keeps it until an answer comes.
 */
export function attemptOf(state: SlipState, bet: SlipBet, make: () => string = newClientBetId): { id: string; state: SlipState } {
  const fingerprint = fingerprintOf(bet);
  const kept = state.attempts[bet.key];
  if (kept && kept.fingerprint === fingerprint) return { id: kept.id, state };
  const id = make();
  return { id, state: { ...state, attempts: { ...state.attempts, [bet.key]: { id, fingerprint } } } };
}

/** A bet answered (placed or refused): its attempt is forgotten, so the next press is a new bet. */
export function forgetAttempt(state: SlipState, key: string): SlipState {
  if (!(key in state.attempts)) return state;
  const { [key]: _answered, ...attempts } = state.attempts;
  return { ...state, attempts };
}

/** A bet placed: its stake and attempt are cleared (its selections stay for the bets still to place). */
export function markPlaced(state: SlipState, key: string): SlipState {
  const { [key]: _stake, ...stakes } = state.stakes;
  return forgetAttempt({ ...state, stakes }, key);
}

import { fromMinorUnits, toMinorUnits } from '@wl/contracts';

/*
 * The sportsbook's exact arithmetic (ADR 0035): what a selection's result is from a final score,
 * and what a bet pays. No floats: prices are thousandths (numeric(10,3)), money is ten-thousandths.
 */

export type SelectionResult = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';

export interface SelectionRef {
  betType: string;
  homeAway: string;
  /** '' for 1X2; the home side's handicap for HDP ("-0.5", "+1.25"); the total for OU ("2.5"). */
  criteria1: string;
}

/** A line in quarters ("-1.25" → -5): the lines of the feed are multiples of a quarter. */
function quartersOf(line: string): bigint {
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(line.trim());
  if (!match) throw new Error(`not a line: ${line}`);
  const hundredths = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  if (hundredths % 25n !== 0n) throw new Error(`not a quarter line: ${line}`);
  return (match[1] === '-' ? -1n : 1n) * (hundredths / 25n);
}

/**
 * A handicap or total bet whose margin over the line is `marginQuarters` (in quarters of a goal).
 * A quarter line is half the stake on each neighbouring half or whole line (Asian handicap), so a
 * margin of ±1 quarter is a half result; a whole line that ends level is void (push).
 */
function lineResult(marginQuarters: bigint): SelectionResult {
  const whole = marginQuarters % 2n === 0n;
  if (whole) return marginQuarters > 0n ? 'won' : marginQuarters < 0n ? 'lost' : 'void';
  // Odd quarters: a quarter line, or a half line (±2 quarters are halves: never level).
  if (marginQuarters === 1n) return 'half_won';
  if (marginQuarters === -1n) return 'half_lost';
  return marginQuarters > 0n ? 'won' : 'lost';
}

/** The result of a selection from the final score; `twoWay`: the match's 1X2 market has no draw price. */
export function selectionResult(selection: SelectionRef, homeScore: number, awayScore: number, twoWay = false): SelectionResult {
  const home = BigInt(homeScore);
  const away = BigInt(awayScore);
  switch (selection.betType) {
    case '1X2': {
      const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
      // A match priced without a draw (basketball, tennis) that ends level returns the stakes.
      if (winner === 'draw' && twoWay) return 'void';
      return selection.homeAway === winner ? 'won' : 'lost';
    }
    case 'HDP': {
      const margin = (home - away) * 4n + quartersOf(selection.criteria1);
      return lineResult(selection.homeAway === 'home' ? margin : -margin);
    }
    case 'OU': {
      const margin = (home + away) * 4n - quartersOf(selection.criteria1);
      return lineResult(selection.homeAway === 'over' ? margin : -margin);
    }
    default:
      throw new Error(`unknown bet type ${selection.betType}`);
  }
}

/** Thousandths of a price: "1.95" → 1950n. */
export function priceUnits(odds: string): bigint {
  return toMinorUnits(odds, 3);
}

/** The product of prices (thousandths each), exact, as a decimal string: an accumulator's price. */
export function combinedOdds(prices: string[]): string {
  let product = 1n;
  for (const price of prices) product *= priceUnits(price);
  return fromMinorUnits(product, { places: 3 * prices.length, trim: true });
}

/** Stake × the product of prices, cut down to the money scale: what the bet pays if every leg wins. */
export function potentialReturn(stake: string, prices: string[]): string {
  let numerator = toMinorUnits(stake);
  let denominator = 1n;
  for (const price of prices) {
    numerator *= priceUnits(price);
    denominator *= 1000n;
  }
  return fromMinorUnits(numerator / denominator);
}

/**
 * What a bet pays once every leg has its result: stake × Π factor, where a won leg is its price, a
 * lost one 0, a void one 1, a half won (1 + price) / 2 and a half lost 1/2; cut to the money scale.
 */
export function settledReturn(stake: string, legs: { odds: string; result: SelectionResult }[]): string {
  let numerator = toMinorUnits(stake);
  let denominator = 1n;
  for (const leg of legs) {
    const price = priceUnits(leg.odds);
    const factor = { won: 2n * price, lost: 0n, void: 2000n, half_won: 1000n + price, half_lost: 1000n }[leg.result];
    numerator *= factor;
    denominator *= 2000n;
  }
  return fromMinorUnits(numerator / denominator);
}

/** The bet's status from its legs' results: void when every leg is void, lost when it pays nothing, else won. */
export function settledStatus(legs: { result: SelectionResult }[], payout: string): 'won' | 'lost' | 'void' {
  if (legs.every((leg) => leg.result === 'void')) return 'void';
  return /[1-9]/.test(payout) ? 'won' : 'lost';
}

/**
 * How a bet stands from its legs' results: null while it is open (a leg without a result and none
 * lost), else its status and payout (an accumulator with a lost leg pays nothing, whatever its other legs do).
 */
export function betOutcome(stake: string, legs: { odds: string; result: SelectionResult | null }[]): { status: 'won' | 'lost' | 'void'; payout: string } | null {
  if (legs.some((leg) => leg.result === 'lost')) return { status: 'lost', payout: '0.0000' };
  if (legs.some((leg) => leg.result === null)) return null;
  const settled = legs as { odds: string; result: SelectionResult }[];
  const payout = settledReturn(stake, settled);
  return { status: settledStatus(settled, payout), payout };
}

/** A leg as the cash-out offer reads it: its price taken, its result if settled, its price now if it takes bets now. */
export interface CashOutLeg {
  odds: string;
  result: SelectionResult | null;
  /** null: no price now (the match suspended or over, the line withdrawn). */
  currentOdds: string | null;
}

/**
 * The cash-out offer of an open bet (ADR 0035): the potential return scaled, for each open leg, by
 * the price taken over the price now (the market's chance of the leg now, its margin included), a
 * settled leg counting as settlement would; less the site's cash-out margin (a fraction such as
 * "0.05"); cut to the money scale. null when there is no offer: a leg lost, or an open leg without
 * a price now.
 */
export function cashOutOffer(stake: string, legs: CashOutLeg[], margin: string): string | null {
  let numerator = toMinorUnits(stake) * (10_000n - toMinorUnits(margin));
  let denominator = 10_000n;
  for (const leg of legs) {
    const price = priceUnits(leg.odds);
    if (leg.result === null) {
      if (leg.currentOdds === null) return null;
      numerator *= price;
      denominator *= priceUnits(leg.currentOdds);
      continue;
    }
    if (leg.result === 'lost') return null;
    numerator *= { won: 2n * price, void: 2000n, half_won: 1000n + price, half_lost: 1000n }[leg.result];
    denominator *= 2000n;
  }
  return fromMinorUnits(numerator / denominator);
}

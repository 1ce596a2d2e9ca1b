import { DEFAULT_ODDS_CHANGE, DEFAULT_ODDS_FORMAT, ODDS_CHANGE_CHOICES, type OddsChangeChoice, type PublicBet } from '@wl/contracts';
import { compareOdds, isOddsFormat, type OddsFormat } from './odds-format';

/*
 * The betslip's state (ADR 0035): its selections and stakes, a price toggled on and off, how a
 * price moved since it was added, and the stored form of the slip and of the player's betting
 * settings. What every page with prices needs at once; the bets' maths are in slip.ts, loaded
 * with the slip itself.
 */

export type SlipSelection = PublicBet & {
  /** The price when it was added: the slip and the board mark a price that moved since. */
  added_odds: string;
  /** Its match takes no bets for a moment. */
  suspended: boolean;
  /** false: the feed no longer offers it (line withdrawn, match over). */
  open: boolean;
  /** The last placement answered oddsChanged with a new price for it: shown highlighted. */
  changed: boolean;
};

export interface SlipState {
  selections: SlipSelection[];
  /** Stakes as typed: the singles' by selection id, the accumulator's under ACCUMULATOR. */
  stakes: Record<string, string>;
  /**
   * The client bet id of each bet whose placement got no answer, with what it placed: pressed
   * again unchanged, the bet is sent under the same id, so it is placed once (ADR 0035).
   */
  attempts: Record<string, { id: string; fingerprint: string }>;
}

/*
 * The contract's most selections of a bet (calls/sports.ts), written out here: importing that
 * value would bring that module's schemas into the first script of every page (the slip's prices
 * are on the home page). A unit test keeps it equal to the contract's. The odds-change choices
 * and odds formats come from the contract's plain constants (constants/sports.ts), no schemas.
 */
export const MAX_SELECTIONS = 20;

export const EMPTY_SLIP: SlipState = Object.freeze({ selections: [], stakes: {}, attempts: {} }) as SlipState;

/** The accumulator's key among the stakes and bets. */
export const ACCUMULATOR = 'acc';

// ---------------------------------------------------------------------------------------------
// Selections

export function hasSelection(state: SlipState, selectionId: number): boolean {
  return state.selections.some((selection) => selection.selection_id === selectionId);
}

export function selectionOf(bet: PublicBet, suspended: boolean): SlipSelection {
  return { ...bet, added_odds: bet.odds, suspended, open: true, changed: false };
}

/** Adds a price to the slip, or takes it off when it is there already. A full slip takes no more. */
export function toggleSelection(state: SlipState, bet: PublicBet, suspended = false): SlipState {
  if (hasSelection(state, bet.selection_id)) return removeSelection(state, bet.selection_id);
  if (state.selections.length >= MAX_SELECTIONS) return state;
  return { ...state, selections: [...state.selections, selectionOf(bet, suspended)] };
}

/** Takes a selection off the slip with its single's stake; the accumulator's stake goes when fewer than two remain. */
export function removeSelection(state: SlipState, selectionId: number): SlipState {
  const selections = state.selections.filter((selection) => selection.selection_id !== selectionId);
  if (selections.length === state.selections.length) return state;
  const { [String(selectionId)]: _removed, ...stakes } = state.stakes;
  if (selections.length < 2) delete stakes[ACCUMULATOR];
  return { ...state, selections, stakes };
}

export function setStake(state: SlipState, key: string, stake: string): SlipState {
  if ((state.stakes[key] ?? '') === stake) return state;
  const stakes = { ...state.stakes };
  if (stake) stakes[key] = stake;
  else delete stakes[key];
  return { ...state, stakes };
}

/** The most whole digits and decimals a stake may be typed with. */
const STAKE_INPUT = /^\d{0,9}(?:\.\d{0,2})?$/;

/**
 * What a stake field keeps of what was typed: digits with one decimal point (a comma is read as
 * one) and at most two decimals; null (the field keeps its value) for letters, signs or more.
 */
export function acceptStakeInput(text: string): string | null {
  const value = text.replace(',', '.').replace(/\s+/g, '');
  return STAKE_INPUT.test(value) ? value : null;
}

/** How a selection's price moved since it was added: up, down, or not at all. */
export function priceMove(selection: Pick<SlipSelection, 'odds' | 'added_odds'>): 'up' | 'down' | null {
  const move = compareOdds(selection.odds, selection.added_odds);
  return move > 0 ? 'up' : move < 0 ? 'down' : null;
}

// ---------------------------------------------------------------------------------------------
// Stored forms

const STATUSES = ['upcoming', 'live', 'finished'] as const;
const BET_TYPES = ['1X2', 'HDP', 'OU'] as const;
const SIDES = ['home', 'draw', 'away', 'over', 'under'] as const;
const CLIENT_BET_ID = /^[A-Za-z0-9_-]{8,64}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** A stored selection, field by field (this client wrote it, but storage outlives builds); null when it is not one. */
function storedSelection(value: unknown): SlipSelection | null {
  if (!isRecord(value)) return null;
  const { selection_id, match_id, sport, league, start_time, status, home_team_name, away_team_name, bet_type, home_away, criteria1, odds, added_odds } = value;
  if (!isId(selection_id) || !isId(match_id)) return null;
  if (typeof sport !== 'string' || typeof league !== 'string' || typeof start_time !== 'string') return null;
  if (typeof home_team_name !== 'string' || typeof away_team_name !== 'string') return null;
  if (!isOneOf(STATUSES, status) || !isOneOf(BET_TYPES, bet_type) || !isOneOf(SIDES, home_away)) return null;
  if (criteria1 !== null && typeof criteria1 !== 'string') return null;
  if (typeof odds !== 'string' || !DECIMAL.test(odds) || typeof added_odds !== 'string' || !DECIMAL.test(added_odds)) return null;
  // The team names per language (home_name_vi...), as the feed gave them.
  const names = Object.fromEntries(Object.entries(value).filter(([key, text]) => /^(home|away)_name_[a-z]+$/.test(key) && typeof text === 'string'));
  return {
    ...names,
    selection_id,
    match_id,
    sport,
    league,
    start_time,
    status,
    home_team_name,
    away_team_name,
    bet_type,
    home_away,
    criteria1,
    odds,
    added_odds,
    suspended: value.suspended === true,
    open: value.open !== false,
    changed: value.changed === true,
  };
}

/** The slip as stored (JSON), or the empty slip for anything that is not one. */
export function parseSlip(raw: string | null): SlipState {
  if (!raw) return EMPTY_SLIP;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_SLIP;
  }
  if (!isRecord(value) || !Array.isArray(value.selections)) return EMPTY_SLIP;
  const selections: SlipSelection[] = [];
  for (const entry of value.selections.slice(0, MAX_SELECTIONS)) {
    const selection = storedSelection(entry);
    if (selection && !selections.some((kept) => kept.selection_id === selection.selection_id)) selections.push(selection);
  }
  const keys = new Set([...selections.map((selection) => String(selection.selection_id)), ACCUMULATOR]);
  const stakes: Record<string, string> = {};
  if (isRecord(value.stakes)) {
    for (const [key, stake] of Object.entries(value.stakes)) {
      if (keys.has(key) && typeof stake === 'string' && stake && acceptStakeInput(stake) === stake) stakes[key] = stake;
    }
  }
  const attempts: SlipState['attempts'] = {};
  if (isRecord(value.attempts)) {
    for (const [key, attempt] of Object.entries(value.attempts)) {
      if (keys.has(key) && isRecord(attempt) && typeof attempt.id === 'string' && CLIENT_BET_ID.test(attempt.id) && typeof attempt.fingerprint === 'string') {
        attempts[key] = { id: attempt.id, fingerprint: attempt.fingerprint };
      }
    }
  }
  if (selections.length < 2) delete stakes[ACCUMULATOR];
  return { selections, stakes, attempts };
}

export function serializeSlip(state: SlipState): string {
  return JSON.stringify(state);
}

/** The player's betting settings: which price changes a bet accepts, and how prices are written. */
export interface SportsSettings {
  oddsChange: OddsChangeChoice;
  oddsFormat: OddsFormat;
}

/** Until the player chooses (the contract's defaults, which an account that never saved any answers too, ADR 0038). */
export const DEFAULT_SPORTS_SETTINGS: SportsSettings = Object.freeze({ oddsChange: DEFAULT_ODDS_CHANGE, oddsFormat: DEFAULT_ODDS_FORMAT }) as SportsSettings;

export function parseSportsSettings(raw: string | null): SportsSettings {
  if (!raw) return DEFAULT_SPORTS_SETTINGS;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value)) return DEFAULT_SPORTS_SETTINGS;
    return {
      oddsChange: isOneOf(ODDS_CHANGE_CHOICES, value.oddsChange) ? value.oddsChange : DEFAULT_SPORTS_SETTINGS.oddsChange,
      oddsFormat: isOddsFormat(value.oddsFormat) ? value.oddsFormat : DEFAULT_SPORTS_SETTINGS.oddsFormat,
    };
  } catch {
    return DEFAULT_SPORTS_SETTINGS;
  }
}

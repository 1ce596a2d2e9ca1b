import { createContext, useContext } from 'react';
import type { BootData, GameLimits, HouseReply, RoundView } from '../api.js';
import type { HouseApi, ClientErrorCode } from './api-client.js';
import type { Formatter } from './format.js';
import type { Translate } from './i18n/index.js';
import type { SoundBoard } from './sound.js';

/** A round's reply to `start` or `act`. */
export type RoundReply = HouseReply<'start'>;

/** What the shell gives each game component. */
export interface GameContextValue {
  boot: BootData;
  api: HouseApi;
  t: Translate;
  fmt: Formatter;
  sound: SoundBoard;
  limits: GameLimits;
  /** The balance on screen (it shows a round's win only once its animation has shown it). */
  balance: string;
  /** The game's round left open (mines), from the `state` call: the game resumes it. */
  openRound: RoundView | null;
  stake: string;
  setStake(stake: string): void;
  /** Starts a round; on a refusal the shell shows why and this gives null. The balance shows the stake taken. */
  start(bet: unknown): Promise<RoundReply | null>;
  /** An action in an open round; null on a refusal (shown by the shell). */
  act(roundId: string, action: unknown): Promise<RoundReply | null>;
  /** Shows the balance of a reply (after the round's animation). */
  showBalance(balance: string): void;
  reportError(code: ClientErrorCode): void;
}

export const GameContext = createContext<GameContextValue | null>(null);

export function useGame(): GameContextValue {
  const value = useContext(GameContext);
  if (!value) throw new Error('useGame outside the game shell');
  return value;
}

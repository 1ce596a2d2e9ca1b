import type { ComponentType } from 'react';
import type { Formatter } from '../format.js';
import type { Translate } from '../i18n/index.js';

/** A game as the page knows it: its play area, its paytable, and how its rounds read in the history. */
export interface ClientGame {
  Play: ComponentType;
  /** The rules modal's game-specific part (paytable). */
  Paytable: ComponentType;
  /** One line saying what a round's view was ("7 red", "3 hits of 5"). */
  summary(view: unknown, t: Translate, fmt: Formatter): string;
  /** The actions that led from a settled round's start to its view (mines), for the verify view. */
  actionsOf?(view: unknown): unknown[];
  /**
   * The game's outcomes come from the site's seed chain, not the player's seed pair (crash,
   * games/crash.ts): no seeds to rotate, and a round is verified by its chain link.
   */
  seedChain?: boolean;
}

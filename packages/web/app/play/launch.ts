import { BREAKPOINTS, STATUS, type BreakpointName, type CatalogueGame, type LaunchMode, type LocaleCode } from '@wl/contracts';
import { callApi, sessionCallPayload, siteCallPayload, type ApiReply } from '../client/api';
import { handleApiError } from '../client/errors';
import type { GameRef } from '../shared/game-links';

/** What a launch came to, as the pages that open games need it. */
export type LaunchOutcome =
  /** Where to open the game and how (the launch reply of the contract). */
  | { kind: 'ready'; url: string; mode: LaunchMode; game: CatalogueGame }
  /** The site does not offer the game, or its provider cannot open it now: the page says so. */
  | { kind: 'unavailable'; reason: UnavailableReason }
  /** Anything else (a session that ended, a lost connection): already handed to the global handler. */
  | { kind: 'failed' };

/** The launch failures a player gets a page of their own for, with a way back. */
export const UNAVAILABLE_REASONS = ['gameNotAvailable', 'gameNotFound', 'demoNotAvailable'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** The client a provider should open (launch contract: mobile below the tablet breakpoint). */
export function deviceOfViewport(viewport: BreakpointName): 'desktop' | 'mobile' {
  return BREAKPOINTS[viewport] < BREAKPOINTS.tablet ? 'mobile' : 'desktop';
}

/**
 * Calls launch for the logged-in player. A query naming a game the contract refuses (a malformed
 * code) reads as a game the site does not offer; session failures and the rest go through the
 * global error handler of docs/product.md §8 (session expiry, the error dialog, serviceUnavailable logged).
 */
export async function requestLaunch(
  game: GameRef,
  options: { locale: LocaleCode; device: 'desktop' | 'mobile'; signal?: AbortSignal },
): Promise<LaunchOutcome | null> {
  const reply = await callApi(
    'launch',
    { ...sessionCallPayload(), provider_code: game.provider_code, game_code: game.game_code, locale: options.locale, device: options.device },
    options.signal ? { signal: options.signal } : {},
  );
  if (options.signal?.aborted) return null;
  return outcomeOf(reply);
}

/**
 * Calls demo_launch for a guest (issue 23 §2): the game with play money, when its provider offers
 * it (else the outcome is unavailable with demoNotAvailable). Failures as for requestLaunch.
 */
export async function requestDemoLaunch(
  game: GameRef,
  options: { site: { external_id: string }; locale: LocaleCode; device: 'desktop' | 'mobile'; signal?: AbortSignal },
): Promise<LaunchOutcome | null> {
  const reply = await callApi(
    'demoLaunch',
    { ...siteCallPayload(options.site), provider_code: game.provider_code, game_code: game.game_code, locale: options.locale, device: options.device },
    options.signal ? { signal: options.signal } : {},
  );
  if (options.signal?.aborted) return null;
  return outcomeOf(reply);
}

function outcomeOf(reply: ApiReply<'launch'> | ApiReply<'demoLaunch'>): LaunchOutcome {
  if (reply.statusCode === STATUS.ok && 'value' in reply) {
    return { kind: 'ready', url: reply.value.url, mode: reply.value.mode, game: reply.value.game };
  }
  if ((UNAVAILABLE_REASONS as readonly string[]).includes(reply.message)) {
    return { kind: 'unavailable', reason: reply.message as UnavailableReason };
  }
  if (reply.message === 'validationError') return { kind: 'unavailable', reason: 'gameNotFound' };
  handleApiError(reply);
  return { kind: 'failed' };
}

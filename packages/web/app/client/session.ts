import { useSyncExternalStore } from 'react';
import {
  FORCE_LOGOUT_STORAGE_KEY,
  GAME_CATEGORIES,
  SESSION_STORAGE_KEY,
  vipProgress,
  type FavouriteGame,
  type LoginReply,
  type SessionUser,
  type VipNextLevel,
  type VipReply,
} from '@wl/contracts';

/** The player's VIP standing (docs/product.md §3), with the progress of docs/product.md §9 towards the next level. */
export interface VipInfo {
  totalDeposit: string;
  /** Deposit progress towards the next level, 0 to 100. */
  depoProgress: number;
  totalTurnover: string;
  /** Turnover progress towards the next level, 0 to 100. */
  toProgress: number;
  currentLevel: string;
  /** One progress record per level above the current one, the next first. */
  nextLevel: VipNextLevel[];
}

/** The user session of docs/product.md §3. */
export interface PlayerSession {
  isAuthenticated: boolean;
  user: SessionUser | null;
  token: string | null;
  game: { balance: string; token: string } | null;
  fullname: string;
  email: string;
  game_fav_list: FavouriteGame[];
  vip: VipInfo | null;
  minigame: { frozen_token: string; token_balance: string } | null;
}

export const GUEST_SESSION: PlayerSession = Object.freeze({
  isAuthenticated: false,
  user: null,
  token: null,
  game: null,
  fullname: '',
  email: '',
  game_fav_list: [],
  vip: null,
  minigame: null,
});

let current: PlayerSession = GUEST_SESSION;
let restored = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage switched off by the browser: the session lives for this page only.
    return null;
  }
}

/** The stored session if it is one this client wrote; anything else counts as no session. */
function readStored(): PlayerSession {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return GUEST_SESSION;
  try {
    const value = JSON.parse(raw) as Partial<PlayerSession>;
    const user = storedUser(value.user);
    const favourites = storedFavourites(value.game_fav_list ?? []);
    if (value.isAuthenticated !== true || !user || typeof value.token !== 'string' || !value.token) return GUEST_SESSION;
    return {
      isAuthenticated: true,
      user,
      token: value.token,
      game: isGame(value.game) ? value.game : null,
      fullname: typeof value.fullname === 'string' ? value.fullname : user.full_name,
      email: typeof value.email === 'string' ? value.email : user.contact_email,
      game_fav_list: favourites ?? [],
      vip: isVip(value.vip) ? value.vip : null,
      minigame: isMinigame(value.minigame) ? value.minigame : null,
    };
  } catch {
    return GUEST_SESSION;
  }
}

/*
 * The stored user and favourites are checked by hand, field by field as the contracts' sessionUser
 * and favouriteGame define them: the schemas would load the schema library on every page, for
 * data this client wrote itself. Like a schema, a check keeps only the known fields.
 */

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function storedUser(value: unknown): SessionUser | null {
  const user = record(value);
  if (!user) return null;
  const { account_id, session_token, full_name, contact_email } = user;
  if (typeof account_id !== 'string' || typeof session_token !== 'string' || typeof full_name !== 'string' || typeof contact_email !== 'string') return null;
  return { account_id, session_token, full_name, contact_email };
}

function storedFavourite(value: unknown): FavouriteGame | null {
  const game = record(value);
  if (!game) return null;
  const { game_code, game_name, game_type, img_url, provider_code } = game;
  if (typeof game_code !== 'string' || typeof game_name !== 'string' || typeof img_url !== 'string' || typeof provider_code !== 'string') return null;
  const category = GAME_CATEGORIES.find((key) => key === game_type);
  return category ? { game_code, game_name, game_type: category, img_url, provider_code } : null;
}

/** The stored favourites, or null when the list or any of its games is not one (the list is then dropped whole). */
function storedFavourites(value: unknown): FavouriteGame[] | null {
  if (!Array.isArray(value)) return null;
  const games = value.map(storedFavourite);
  return games.every((game): game is FavouriteGame => game !== null) ? games : null;
}

function isGame(value: unknown): value is PlayerSession['game'] & object {
  const game = value as PlayerSession['game'];
  return !!game && typeof game.balance === 'string' && typeof game.token === 'string';
}

function isVip(value: unknown): value is VipInfo {
  const vip = value as VipInfo | null;
  return !!vip && typeof vip.currentLevel === 'string' && typeof vip.depoProgress === 'number' && Array.isArray(vip.nextLevel);
}

function isMinigame(value: unknown): value is PlayerSession['minigame'] & object {
  const minigame = value as PlayerSession['minigame'];
  return !!minigame && typeof minigame.frozen_token === 'string' && typeof minigame.token_balance === 'string';
}

/** Other tabs: a changed stored session is adopted; a force-logout marker resets and reloads (docs/product.md §4). */
function onStorage(event: StorageEvent): void {
  if (event.key === FORCE_LOGOUT_STORAGE_KEY) {
    current = GUEST_SESSION;
    emit();
    window.location.reload();
    return;
  }
  if (event.key === SESSION_STORAGE_KEY || event.key === null) {
    current = readStored();
    emit();
  }
}

function ensureRestored(): void {
  if (restored || typeof window === 'undefined') return;
  restored = true;
  current = readStored();
  window.addEventListener('storage', onStorage);
}

function persist(session: PlayerSession): void {
  const store = storage();
  if (!store) return;
  try {
    if (session.isAuthenticated) store.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else store.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Quota or privacy mode: the session still works for this page.
  }
}

/** The session now; on the server always the guest (the session lives in browser storage). */
export function getSession(): PlayerSession {
  ensureRestored();
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  ensureRestored();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session in React. The server and the hydration render see the guest; the stored session follows. */
export function useSession(): PlayerSession {
  return useSyncExternalStore(subscribeSession, getSession, () => GUEST_SESSION);
}

function replace(next: PlayerSession): void {
  current = next;
  persist(next);
  emit();
}

/** docs/product.md §4: a login reply with statusCode 1 and a token authenticates the player. */
export function startSession(reply: LoginReply): PlayerSession {
  ensureRestored();
  replace({
    ...GUEST_SESSION,
    isAuthenticated: true,
    user: reply.user,
    token: reply.token,
    fullname: reply.fullname,
    email: reply.email,
  });
  return current;
}

/** Changes parts of a player's session (balance, favourites, profile...); nothing for a guest. */
export function updateSession(patch: Partial<Omit<PlayerSession, 'isAuthenticated' | 'token'>>): void {
  ensureRestored();
  if (!current.isAuthenticated) return;
  replace({ ...current, ...patch });
}

/** The VIP standing of a vip reply, with the progress towards the next level (docs/product.md §9). */
export function vipInfoOf(reply: VipReply): VipInfo {
  const next = reply.nextLevel[0];
  return {
    totalDeposit: reply.totalDeposit,
    totalTurnover: reply.totalTurnover,
    currentLevel: reply.currentLevel,
    nextLevel: reply.nextLevel,
    depoProgress: next ? vipProgress(next.starting_deposit, next.cycle_deposit, next.deposit_next) : 0,
    toProgress: next ? vipProgress(next.starting_turnover, next.cycle_turnover, next.turnover_next) : 0,
  };
}

/**
 * docs/product.md §4 logout: resets the session, clears the stored user and writes a force-logout marker so
 * the site's other tabs reset and reload.
 */
export function logout(): void {
  ensureRestored();
  const wasAuthenticated = current.isAuthenticated;
  replace(GUEST_SESSION);
  if (!wasAuthenticated) return;
  try {
    // A new value each time, so the other tabs always see a change.
    storage()?.setItem(FORCE_LOGOUT_STORAGE_KEY, `${Date.now()}-${Math.random().toString(36).slice(2)}`);
  } catch {
    // No storage: there are no other tabs sharing this session either.
  }
}

import { useSyncExternalStore } from 'react';
import type { PlacedBet } from '@wl/contracts';
import { followAccountSettings, type AccountSync } from './account-settings';
import { DEFAULT_SPORTS_SETTINGS, EMPTY_SLIP, parseSlip, parseSportsSettings, serializeSlip, type SlipState, type SportsSettings } from './slip-state';

/*
 * The betslip and the player's betting settings, kept in the browser's storage (this site's
 * origin: one slip per site), so the slip survives navigation and reloads and follows the other
 * tabs of the site. The server and the hydration render see the empty slip and the default
 * settings; the stored ones follow at once. A logged-in player's settings also follow the
 * account (account-settings.ts, ADR 0038).
 */

/** localStorage keys: the slip, and the betting settings (odds format, odds-change choice). */
export const BETSLIP_STORAGE_KEY = 'wl.betslip';
export const SPORTS_SETTINGS_STORAGE_KEY = 'wl.sports.settings';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage switched off: the slip lives for this page only.
    return null;
  }
}

interface StoredStore<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
  update(change: (value: T) => T): void;
}

function storedStore<T>(key: string, parse: (raw: string | null) => T, serialize: (value: T) => string, empty: T): StoredStore<T> {
  let current = empty;
  let restored = false;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const restore = () => {
    if (restored || typeof window === 'undefined') return;
    restored = true;
    current = parse(storage()?.getItem(key) ?? null);
    // Another tab of the site changed it.
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      current = parse(storage()?.getItem(key) ?? null);
      emit();
    });
  };
  return {
    get() {
      restore();
      return current;
    },
    subscribe(listener) {
      restore();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update(change) {
      restore();
      const next = change(current);
      if (next === current) return;
      current = next;
      try {
        storage()?.setItem(key, serialize(next));
      } catch {
        // Quota or privacy mode: the slip still works on this page.
      }
      emit();
    },
  };
}

const slipStore = storedStore(BETSLIP_STORAGE_KEY, parseSlip, serializeSlip, EMPTY_SLIP);
const settingsStore = storedStore(SPORTS_SETTINGS_STORAGE_KEY, parseSportsSettings, (value) => JSON.stringify(value), DEFAULT_SPORTS_SETTINGS);

export const getSlip = slipStore.get;
export const updateSlip = slipStore.update;

/** The betslip in React. */
export function useSlip(): SlipState {
  return useSyncExternalStore(slipStore.subscribe, slipStore.get, () => EMPTY_SLIP);
}

export const getSportsSettings = settingsStore.get;

let account: AccountSync | null = null;

/** Follows the account from the first page that shows prices (in the browser: it subscribes). */
function accountSync(): AccountSync {
  account ??= followAccountSettings({ get: settingsStore.get, set: (settings) => settingsStore.update(() => settings) });
  return account;
}

/** The player's change of a setting: kept in the browser, and saved to the account when logged in (ADR 0038). */
export function updateSportsSettings(patch: Partial<SportsSettings>): void {
  const before = settingsStore.get();
  settingsStore.update((settings) => ({ ...settings, ...patch }));
  const changed = Object.fromEntries(Object.entries(patch).filter(([key, value]) => before[key as keyof SportsSettings] !== value));
  if (Object.keys(changed).length) accountSync().changed(changed);
}

function subscribeSettings(listener: () => void): () => void {
  accountSync();
  return settingsStore.subscribe(listener);
}

/** The player's betting settings in React. */
export function useSportsSettings(): SportsSettings {
  return useSyncExternalStore(subscribeSettings, settingsStore.get, () => DEFAULT_SPORTS_SETTINGS);
}

/**
 * What the slip's placement is doing, for this page only: nothing, placing (`inPlay`: a bet on a
 * match under way waits the acceptance delay, ADR 0035), or the receipt of the bets placed.
 * Kept outside the component, so a navigation during a placement still shows its receipt.
 */
export type PlacementPhase = { kind: 'idle' } | { kind: 'placing'; inPlay: boolean } | { kind: 'receipt'; bets: PlacedBet[] };

let phase: PlacementPhase = { kind: 'idle' };
const IDLE: PlacementPhase = phase;
const phaseListeners = new Set<() => void>();

export function getPlacementPhase(): PlacementPhase {
  return phase;
}

export function setPlacementPhase(next: PlacementPhase): void {
  phase = next;
  for (const listener of [...phaseListeners]) listener();
}

export function usePlacementPhase(): PlacementPhase {
  return useSyncExternalStore(
    (listener) => {
      phaseListeners.add(listener);
      return () => void phaseListeners.delete(listener);
    },
    getPlacementPhase,
    () => IDLE,
  );
}

import { STATUS } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { getSession, subscribeSession } from '../client/session';
import { DEFAULT_SPORTS_SETTINGS, type SportsSettings } from './slip-state';

/*
 * The betslip's settings follow the player's account (ADR 0038): once per login (a new session
 * token, on this page or found stored when the page loads) the account's settings are read, and
 * each change the player makes is saved to the account. The browser's storage keeps them too, so
 * a guest, the first render and a page that cannot reach the server still have them.
 */

/** What the account answered: its settings, and whether the player ever saved any. */
export interface AccountSettings {
  settings: SportsSettings;
  saved: boolean;
}

/**
 * The settings after login, and what to save to the account (ADR 0038). An account that ever saved
 * its settings wins over the browser's: they are the player's choice on every device. An account
 * that never saved any takes the browser's choice (made as a guest, before logging in): what
 * differs from the defaults is saved, so the next device finds it. `keep` are the settings the
 * player changed on this page while the account was being read: they are newer than either.
 */
export function settingsAfterLogin(
  local: SportsSettings,
  account: AccountSettings,
  keep: ReadonlySet<keyof SportsSettings> = new Set(),
): { show: SportsSettings; save: Partial<SportsSettings> } {
  const keys = Object.keys(DEFAULT_SPORTS_SETTINGS) as (keyof SportsSettings)[];
  if (account.saved) {
    const show = { ...account.settings };
    for (const key of keep) Object.assign(show, { [key]: local[key] });
    return { show, save: {} };
  }
  const save: Partial<SportsSettings> = {};
  for (const key of keys) {
    if (!keep.has(key) && local[key] !== account.settings[key]) Object.assign(save, { [key]: local[key] });
  }
  return { show: local, save };
}

/** The store the settings live in (betslip-store.ts): passed in, so this module imports no store. */
export interface SettingsStore {
  get(): SportsSettings;
  /** Shows settings that came from the account (kept in the browser too; not saved back). */
  set(settings: SportsSettings): void;
}

/** A call that got no answer is tried again this much later, a few times: the setting is not lost on a blip. */
const RETRY_MS = 5_000;
const MAX_TRIES = 3;

/** The session a read or save belongs to: a new login (a new token) reads the account again. */
function sessionKey(): string | null {
  const session = getSession();
  return session.isAuthenticated && session.user && session.token ? `${session.user.account_id}\n${session.token}` : null;
}

export interface AccountSync {
  /** The player changed settings on this page: saved to the account when a player is logged in. */
  changed(patch: Partial<SportsSettings>): void;
}

/** Starts following the account for the settings in `store`; once per page, in the browser. */
export function followAccountSettings(store: SettingsStore): AccountSync {
  let current: string | null = null;
  /** The settings the player changed since the account's were asked for (ADR 0038: they win). */
  let changedWhileReading = new Set<keyof SportsSettings>();
  let reading = false;
  let pending: Partial<SportsSettings> = {};
  let saving = false;

  const read = (key: string, tries: number) => {
    reading = true;
    void callApi('sportsSettings', sessionCallPayload()).then((reply) => {
      if (key !== current) return;
      if (reply.statusCode === STATUS.ok && 'odds_format' in reply) {
        reading = false;
        const account = { settings: { oddsFormat: reply.odds_format, oddsChange: reply.odds_change }, saved: reply.saved };
        const { show, save } = settingsAfterLogin(store.get(), account, changedWhileReading);
        changedWhileReading = new Set();
        if (show.oddsFormat !== store.get().oddsFormat || show.oddsChange !== store.get().oddsChange) store.set(show);
        enqueue(save);
      } else if (reply.statusCode < 0 && tries < MAX_TRIES) {
        setTimeout(() => {
          if (key === current) read(key, tries + 1);
        }, RETRY_MS);
      } else {
        // Refused (an ended session runs its own flow on the next call) or never answered: the
        // browser's settings stay, and the player's changes are still saved.
        reading = false;
        changedWhileReading = new Set();
      }
    });
  };

  // One save at a time, the changes made meanwhile sent together after it, so the account ends
  // with the player's last choice whatever order the network answers in.
  const flush = (tries = 1) => {
    const key = current;
    if (saving || !key || !Object.keys(pending).length) return;
    const patch = pending;
    pending = {};
    saving = true;
    void callApi('sportsSettingsSave', {
      ...sessionCallPayload(),
      ...(patch.oddsFormat ? { odds_format: patch.oddsFormat } : {}),
      ...(patch.oddsChange ? { odds_change: patch.oddsChange } : {}),
    }).then((reply) => {
      saving = false;
      if (key !== current) return;
      if (reply.statusCode < 0 && tries < MAX_TRIES) {
        pending = { ...patch, ...pending };
        setTimeout(() => flush(tries + 1), RETRY_MS);
        return;
      }
      flush();
    });
  };

  const enqueue = (patch: Partial<SportsSettings>) => {
    pending = { ...pending, ...patch };
    flush();
  };

  const follow = () => {
    const key = sessionKey();
    if (key === current) return;
    current = key;
    pending = {};
    changedWhileReading = new Set();
    reading = false;
    if (key) read(key, 1);
  };
  subscribeSession(follow);
  follow();

  return {
    changed(patch) {
      if (!current) return;
      if (reading) for (const key of Object.keys(patch) as (keyof SportsSettings)[]) changedWhileReading.add(key);
      enqueue(patch);
    },
  };
}

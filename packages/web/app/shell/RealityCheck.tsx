import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { STATUS, isNegativeDecimal, isSessionEndMessage, type RealityCheckReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { Dialog, closeModal, openModal, useModals } from '../client/modals';
import { getSession, useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { money } from '../shared/format/amounts';
import { useT } from '../i18n/use-t';
import type { SiteT } from '../i18n/translate';
import { useLogOut } from './use-log-out';

/*
 * The reality check and the session limit's end in the site shell (issue 25 §3 and §2, ADR 0041).
 * After login or a page load the shell reads reality_check; with an interval it opens a dialog at
 * session start + k × interval (so a reload neither resets nor repeats it) with the session's length
 * and net result, read again as it opens; "Continue" closes it until the next, "Log out" logs out.
 * With a session limit it warns a few minutes before the end and, at the end, asks the server,
 * whose sessionLimitReached logs out with the limit's own message.
 */

const MINUTE_MS = 60 * 1000;
/** The warning before the session limit ends the session. */
const LIMIT_WARNING_MS = 5 * MINUTE_MS;
/** Which reality check the player has answered, per session start: a reload does not ask again. */
const ANSWERED_KEY = 'wl.realityCheck.answered';

let settings: RealityCheckReply | null = null;
const listeners = new Set<() => void>();

/** A saved interval (the /responsible-gaming page) reschedules the dialog at once. */
export function announceRealityCheck(reply: RealityCheckReply): void {
  settings = reply;
  for (const listener of listeners) listener();
}

function useAnnounced(): RealityCheckReply | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => settings,
    () => null,
  );
}

function answered(startedAt: string): number {
  try {
    const [start, count] = (localStorage.getItem(ANSWERED_KEY) ?? '').split(' ');
    return start === startedAt ? Number(count) || 0 : 0;
  } catch {
    return 0;
  }
}

function answer(startedAt: string, count: number): void {
  try {
    localStorage.setItem(ANSWERED_KEY, `${startedAt} ${count}`);
  } catch {
    // No storage: a reload asks again, which errs on the safe side.
  }
}

/** The reality checks due by `now`: whole intervals since the session started. */
const dueCount = (reply: RealityCheckReply, now: number) =>
  reply.interval_minutes ? Math.floor((now - Date.parse(reply.session_started_at)) / (reply.interval_minutes * MINUTE_MS)) : 0;

/** "1 h 05 min", "12 min": the session's length, in the page's language. */
export function sessionLength(ms: number, t: SiteT): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? t('realityCheck.hoursMinutes', { hours, minutes: String(minutes % 60).padStart(2, '0') }) : t('realityCheck.minutes', { minutes });
}

async function readCheck(): Promise<RealityCheckReply | null> {
  const reply = await callApi('realityCheck', sessionCallPayload());
  if (reply.statusCode === STATUS.ok) return reply as RealityCheckReply;
  // An ended session (its limit among them) logs out with its message; anything else waits for the next load.
  if (isSessionEndMessage(reply.message)) handleApiError(reply, { toast: true });
  return null;
}

export function RealityCheck({ currency }: { currency: string }) {
  const { t } = useT();
  const session = useSession();
  const token = session.isAuthenticated ? session.token : null;
  const announced = useAnnounced();
  // Each kept with the session it belongs to: another login (or none) sees none of them.
  const [loaded, setLoaded] = useState<{ token: string; reply: RealityCheckReply } | null>(null);
  const [opened, setShown] = useState<{ token: string; reply: RealityCheckReply; at: number; count: number } | null>(null);
  const read = loaded && loaded.token === token ? loaded.reply : null;
  // A saved interval replaces the one read, for this session only.
  const check = read && announced && announced.session_started_at === read.session_started_at ? announced : read;
  const shown = opened && opened.token === token ? opened : null;
  const modals = useModals();
  const logOut = useLogOut();

  // Read after login and on every page load: the session's start, interval and limit end.
  useEffect(() => {
    if (!token) return;
    let live = true;
    void readCheck().then((reply) => {
      if (live && reply && getSession().token === token) setLoaded({ token, reply });
    });
    return () => {
      live = false;
    };
  }, [token]);

  // The next reality check, at session start + k × interval.
  useEffect(() => {
    if (!check?.interval_minutes || shown) return;
    const interval = check.interval_minutes * MINUTE_MS;
    const start = Date.parse(check.session_started_at);
    // One due and not answered (a reload, a tab asleep): now; else the next after the last answered.
    const due = dueCount(check, Date.now());
    const done = answered(check.session_started_at);
    const next = due > done ? due : done + 1;
    const timer = window.setTimeout(
      () => {
        void readCheck().then((reply) => {
          if (!reply || !token || getSession().token !== token) return;
          setShown({ token, reply, at: Date.now(), count: Math.max(next, dueCount(reply, Date.now())) });
          openModal('realityCheck');
        });
      },
      Math.max(0, start + next * interval - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [check, shown, token]);

  // Closed any way (Continue, Escape, the close button, the backdrop): answered until the next one.
  // Put aside by another dialog (an announcement opening over it): shown again once that one closes.
  const wasOpen = useRef(false);
  useEffect(() => {
    const open = modals.current === 'realityCheck';
    if (shown && !open) {
      if (wasOpen.current && modals.current === null) {
        answer(shown.reply.session_started_at, shown.count);
        setShown(null);
      } else if (modals.current === null) {
        openModal('realityCheck');
      }
    }
    wasOpen.current = open;
  }, [modals, shown]);

  // The session limit: a warning shortly before, and at the end the server's word (sessionLimitReached logs out).
  const endsAt = check?.session_ends_at ?? null;
  useEffect(() => {
    if (!endsAt || !token) return;
    const end = Date.parse(endsAt);
    const warnIn = end - LIMIT_WARNING_MS - Date.now();
    const warning =
      warnIn > 0
        ? window.setTimeout(() => showToast({ kind: 'warning', title: t('realityCheck.limitSoon', { minutes: LIMIT_WARNING_MS / MINUTE_MS }), durationMs: 15_000 }), warnIn)
        : undefined;
    // A second after the end, so the server's clock has passed it too; it answers sessionLimitReached.
    const ending = window.setTimeout(() => void readCheck(), Math.max(0, end - Date.now() + 1000));
    return () => {
      window.clearTimeout(warning);
      window.clearTimeout(ending);
    };
  }, [endsAt, token, t]);

  if (!shown) return null;
  const { reply, at } = shown;
  const net = reply.net_result;
  const length = sessionLength(at - Date.parse(reply.session_started_at), t);
  return (
    <Dialog name="realityCheck" title={t('realityCheck.title')} className="dialog--reality-check">
      <p className="reality-check__lead">{t('realityCheck.lead', { length })}</p>
      <dl className="reality-check__figures">
        <div>
          <dt>{t('realityCheck.length')}</dt>
          <dd data-testid="reality-check-length">{length}</dd>
        </div>
        <div>
          <dt>{t('realityCheck.netResult')}</dt>
          <dd data-testid="reality-check-net" data-sign={isNegativeDecimal(net) ? 'negative' : 'positive'}>
            {money(net, currency)}
          </dd>
        </div>
        <div>
          <dt>{t('realityCheck.stakes')}</dt>
          <dd>{money(reply.stakes, currency)}</dd>
        </div>
        <div>
          <dt>{t('realityCheck.wins')}</dt>
          <dd>{money(reply.wins, currency)}</dd>
        </div>
      </dl>
      {/* Continue first in the DOM, so the opening dialog focuses it (Enter never logs out by surprise); shown last. */}
      <div className="dialog__actions reality-check__actions">
        <button type="button" className="btn btn--primary" data-testid="reality-check-continue" onClick={closeModal}>
          {t('realityCheck.continue')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          data-testid="reality-check-logout"
          onClick={() => {
            closeModal();
            void logOut();
          }}
        >
          {t('realityCheck.logOut')}
        </button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { STATUS, isSessionEndMessage, type PlayerSessionInfo, type SessionsReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { getSession } from '../client/session';
import { showToast } from '../client/toasts';
import { errorMessageText } from '../lib/messages';
import { useT } from '../i18n/use-t';
import { useDateFormat } from '../i18n/dates';
import { loadedOf, type Loaded } from '../shared/data/loaded';

/**
 * The list as a route's clientLoader loaded it (ADR 0058): the call's loaded reply, the failure's
 * reason (said with the failure), and `at`, when the list was read: the "now" its rows are shown against.
 */
export interface LoadedSessions {
  list: Loaded<SessionsReply>;
  reason: string;
  at: number;
}

/** Last activity this recent reads as "active now" (last_seen_at is written once a minute). */
const ACTIVE_NOW_MS = 2 * 60 * 1000;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * The player's live sessions (POST /api/auth/sessions) for a route's clientLoader, with the stored
 * session read outside React; nothing asked for a guest. A session-ending failure runs the
 * session-expired flow; any other is said in the list's place with its reason, never in a dialog.
 */
export async function loadSessions(signal: AbortSignal): Promise<LoadedSessions> {
  if (!getSession().isAuthenticated) return { list: { kind: 'guest' }, reason: '', at: Date.now() };
  const reply = await callApi('sessions', sessionCallPayload(), { signal });
  const list = loadedOf<SessionsReply>(reply);
  if (list.kind !== 'ready' && !signal.aborted && isSessionEndMessage(reply.message)) handleApiError(reply);
  return { list, reason: list.kind === 'ready' ? '' : String(reply.message ?? ''), at: Date.now() };
}

/**
 * The player's live sessions with "sign out everywhere else" (sessions/revoke_others). The list is
 * the route's (loadSessions; null while it loads); a change, or anything else that ended sessions
 * (a password change), loads the route again.
 */
export function SessionList({ sessions }: { sessions: LoadedSessions | null }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const signOutOthers = async () => {
    if (busy) return;
    setBusy(true);
    const reply = await callApi('sessionsRevokeOthers', sessionCallPayload());
    if (reply.statusCode === STATUS.ok && 'ended' in reply) {
      // The list loads again first, so the toast comes with the list it speaks of.
      await revalidator.revalidate();
      setBusy(false);
      showToast({ kind: 'success', title: t('messages:othersSignedOut', { count: reply.ended }) });
      return;
    }
    setBusy(false);
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    showToast({ kind: 'error', title: t('security.signOutFailed'), text: errorMessageText(reply.message) });
  };

  // While the list loads (the server's render, hydration, a player who has just logged in, a retry).
  if (!sessions || sessions.list.kind === 'guest' || (sessions.list.kind !== 'ready' && revalidator.state === 'loading')) {
    return (
      <p className="session-list__status" role="status">
        {t('security.loadingSessions')}
      </p>
    );
  }
  if (sessions.list.kind !== 'ready') {
    return (
      <div className="session-list__status" role="alert">
        <p>{`${t('security.sessionsFailed')} ${errorMessageText(sessions.reason)}`}</p>
        <button type="button" className="btn btn--outline" onClick={() => void revalidator.revalidate()}>
          {t('security.retry')}
        </button>
      </div>
    );
  }

  const { at } = sessions;
  const rows = sessions.list.value.value;
  const others = rows.filter((session) => !session.current).length;
  return (
    <div className="session-list">
      <ul className="session-list__items" aria-label={t('security.sessionsSection')}>
        {rows.map((session) => (
          <SessionRow key={session.id} session={session} now={at} />
        ))}
      </ul>
      {others > 0 ? (
        <button type="button" className="btn btn--ghost session-list__action" disabled={busy} onClick={() => void signOutOthers()}>
          {busy ? t('security.signingOutOthers') : t('security.signOutOthers')}
        </button>
      ) : (
        <p className="session-list__note">{t('security.noOtherSessions')}</p>
      )}
    </div>
  );
}

function SessionRow({ session, now }: { session: PlayerSessionInfo; now: number }) {
  const { t } = useT();
  const dates = useDateFormat(DATE_TIME);
  const formatWhen = (iso: string) => dates.format(new Date(iso));
  const activeNow = session.current || now - Date.parse(session.last_seen_at) < ACTIVE_NOW_MS;
  return (
    <li className={session.current ? 'session-row session-row--current' : 'session-row'} data-testid="session-row">
      <DeviceIcon mobile={/\b(?:iOS|Android)\b/.test(session.device)} />
      <div className="session-row__body">
        <p className="session-row__device">
          <span>{session.device || t('security.unknownDevice')}</span>
          {session.current ? <span className="session-row__badge">{t('security.thisDevice')}</span> : null}
        </p>
        <p className="session-row__meta">
          <span>{session.ip || t('security.unknownAddress')}</span>
          <span>{activeNow ? t('security.activeNow') : t('security.lastActiveAt', { when: formatWhen(session.last_seen_at) })}</span>
          <span>{t('security.signedInAt', { when: formatWhen(session.created_at) })}</span>
        </p>
      </div>
    </li>
  );
}

function DeviceIcon({ mobile }: { mobile: boolean }) {
  return (
    <svg className="session-row__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      {mobile ? (
        <>
          <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </>
      ) : (
        <>
          <rect x="3" y="4" width="18" height="12" rx="1.8" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path d="M8 20h8M12 16v4" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}

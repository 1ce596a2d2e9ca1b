import { useEffect, useState } from 'react';
import { STATUS, isSessionEndMessage, type PlayerSessionInfo } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { showToast } from '../client/toasts';
import { errorMessageText } from '../lib/messages';
import { useT } from '../i18n/use-t';
import { translate } from '../i18n/translate';
import { useDateFormat } from '../i18n/dates';

type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; text: string }
  /** `at`: when the list was read, the "now" its rows are shown against. */
  | { kind: 'ready'; sessions: PlayerSessionInfo[]; at: number };

/** Last activity this recent reads as "active now" (last_seen_at is written once a minute). */
const ACTIVE_NOW_MS = 2 * 60 * 1000;
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };



/** The list as the server answers it; a session-ending failure runs the session-expired flow. */
async function readSessions(signal?: AbortSignal): Promise<ListState> {
  const t = translate;
  const reply = await callApi('sessions', sessionCallPayload(), signal ? { signal } : {});
  if (reply.statusCode === STATUS.ok && 'value' in reply) return { kind: 'ready', sessions: reply.value, at: Date.now() };
  if (!signal?.aborted && isSessionEndMessage(reply.message)) handleApiError(reply);
  return { kind: 'failed', text: `${t('security.sessionsFailed')} ${errorMessageText(reply.message)}` };
}

/**
 * The player's live sessions (POST /api/auth/sessions) with "sign out everywhere else"
 * (sessions/revoke_others). `reloadKey` changes when something else ended sessions (a password
 * change), so the list is read again.
 */
export function SessionList({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t } = useT();
  const [state, setState] = useState<ListState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void readSessions(controller.signal).then((next) => {
      if (!controller.signal.aborted) setState(next);
    });
    return () => controller.abort();
  }, [reloadKey]);

  const reload = async () => {
    setState({ kind: 'loading' });
    setState(await readSessions());
  };

  const signOutOthers = async () => {
    if (busy) return;
    setBusy(true);
    const reply = await callApi('sessionsRevokeOthers', sessionCallPayload());
    setBusy(false);
    if (reply.statusCode === STATUS.ok && 'ended' in reply) {
      showToast({ kind: 'success', title: t('messages:othersSignedOut', { count: reply.ended }) });
      setState(await readSessions());
      return;
    }
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    showToast({ kind: 'error', title: t('security.signOutFailed'), text: errorMessageText(reply.message) });
  };

  if (state.kind === 'loading') {
    return (
      <p className="session-list__status" role="status">
        {t('security.loadingSessions')}
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="session-list__status" role="alert">
        <p>{state.text}</p>
        <button type="button" className="btn btn--outline" onClick={() => void reload()}>
          {t('security.retry')}
        </button>
      </div>
    );
  }

  const others = state.sessions.filter((session) => !session.current).length;
  return (
    <div className="session-list">
      <ul className="session-list__items" aria-label={t('security.sessionsSection')}>
        {state.sessions.map((session) => (
          <SessionRow key={session.id} session={session} now={state.at} />
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

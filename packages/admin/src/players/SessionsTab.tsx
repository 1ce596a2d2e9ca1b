import { useState, type FormEvent } from 'react';
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import type { PlayerData, PlayerTarget } from './PlayerPage';
import { Messages } from '../lib/Messages';

/**
 * The player's live sessions; an operator who manages players ends one, or all of them, with a
 * reason (the player is signed out at the next call, as with the player's own "sign out elsewhere").
 */
export function SessionsTab({ data, target, onChanged }: { data: PlayerData; target: PlayerTarget; onChanged: (notice: string) => Promise<void> }) {
  const mayManage = useMay('players.manage');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    if (reason.length < 3) return setError(failureText('tooShort'));
    const sessionId = submitter?.value && submitter.value !== 'all' ? Number(submitter.value) : undefined;
    setBusy(true);
    setError('');
    const reply = await opsCall('opsPlayerSessionRevoke', { ...target, reason, ...(sessionId ? { session_id: sessionId } : {}) });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    form.reset();
    await onChanged(t('players.sessionsEnded', { count: reply.ended }));
  }

  const table = (
    <div className="table-wrap">
      <table className="data-table" data-testid="player-sessions">
        <caption className="visually-hidden">{t('players.tabs.sessions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('players.device')}</th>
            <th scope="col">{t('players.ip')}</th>
            <th scope="col">{t('players.loggedIn')}</th>
            <th scope="col">{t('players.lastSeen')}</th>
            {mayManage && (
              <th scope="col">
                <span className="visually-hidden">{t('players.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.sessions.map((session) => (
            <tr key={session.session_id}>
              <td>{session.device || t('players.unknownDevice')}</td>
              <td className="mono">{session.ip || '—'}</td>
              <td className="nowrap">{dateTime(session.created_at)}</td>
              <td className="nowrap">{dateTime(session.last_seen_at)}</td>
              {mayManage && (
                <td>
                  <button type="submit" value={String(session.session_id)} disabled={busy} aria-label={t('players.endSessionOf', { device: session.device || session.session_id, when: dateTime(session.created_at) })}>
                    {t('players.endSession')}
                  </button>
                </td>
              )}
            </tr>
          ))}
          {data.sessions.length === 0 && (
            <tr>
              <td colSpan={mayManage ? 5 : 4} className="empty">
                {t('players.noSessions')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );

  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('players.tabs.sessions')}</h2>
      {mayManage && data.sessions.length > 0 ? (
        <form className="player-form" onSubmit={submit}>
          <label>
            {t('players.sessionReason')}
            <textarea name="reason" rows={2} minLength={3} maxLength={500} required />
          </label>
          <Messages error={error} />
          {table}
          <div className="buttons">
            <button type="submit" value="all" className="danger" disabled={busy}>
              {t('players.endAllSessions')}
            </button>
          </div>
        </form>
      ) : (
        table
      )}
    </section>
  );
}

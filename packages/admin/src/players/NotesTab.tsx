import { useState, type FormEvent } from 'react';
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import type { PlayerData, PlayerTarget } from './PlayerPage';
import { Messages } from '../lib/Messages';

/** Operators' notes on the player, newest first; they are never changed or deleted. */
export function NotesTab({ data, target, onChanged }: { data: PlayerData; target: PlayerTarget; onChanged: (notice: string) => Promise<void> }) {
  const mayManage = useMay('players.manage');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '').trim();
    if (body.length < 3) return setError(failureText('tooShort'));
    setBusy(true);
    setError('');
    const reply = await opsCall('opsPlayerNote', { ...target, body });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    form.reset();
    await onChanged(t('players.noteAdded'));
  }

  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title">{t('players.tabs.notes')}</h2>
      {mayManage && (
        <form className="player-form" onSubmit={submit}>
          <label>
            {t('players.newNote')}
            <textarea name="body" rows={3} minLength={3} maxLength={2000} required />
          </label>
          <Messages error={error} />
          <div className="buttons">
            <button type="submit" className="primary" disabled={busy}>
              {t('players.addNote')}
            </button>
          </div>
        </form>
      )}
      {data.notes.length === 0 ? (
        <p className="note">{t('players.noNotes')}</p>
      ) : (
        <ol className="player-notes" aria-label={t('players.tabs.notes')}>
          {data.notes.map((note) => (
            <li key={note.note_id} className="player-card">
              <p className="player-note-body">{note.body}</p>
              <p className="sub">{t('players.noteBy', { author: note.author, when: dateTime(note.created_at) })}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

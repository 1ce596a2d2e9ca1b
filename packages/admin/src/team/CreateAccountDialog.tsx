import { useState, type FormEvent } from 'react';
import type { OperatorRole } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { OneTimeSecret, RoleSelect, SitePicker, TeamDialog, reasonOf, sitesOf } from './parts';
import { Messages } from '../lib/Messages';

/** Adds an account; its first password is shown once, here. */
export function CreateAccountDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const sites = sitesOf(form, 'sites');
    const reason = reasonOf(form);
    if (sites !== null && sites.length === 0) return setError(t('team.pickSites'));
    if (!reason) return setError(t('team.reasonNeeded'));
    setBusy(true);
    setError('');
    const reply = await opsCall('opsTeamCreate', { username, role: String(form.get('role')) as OperatorRole, sites, reason });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const field = reply.errors?.username?.[0];
      return setError(field ? `${t('team.username')}: ${t('team.usernameHint')}` : failureText(reply.message));
    }
    setCreated({ username: username.toLowerCase(), password: reply.password });
    onCreated();
  }

  return (
    <TeamDialog title={t('team.add')} onClose={onClose}>
      {created ? (
        <OneTimeSecret intro={t('team.created', { username: created.username })} value={created.password} />
      ) : (
        <form className="team-form" onSubmit={submit} noValidate>
          <label>
            {t('team.username')}
            <input name="username" autoComplete="off" spellCheck={false} required minLength={3} maxLength={64} aria-describedby="team-username-hint" />
            <span id="team-username-hint" className="sub">
              {t('team.usernameHint')}
            </span>
          </label>
          <RoleSelect name="role" />
          <SitePicker name="sites" initial={[]} />
          <label>
            {t('team.reason')}
            <textarea name="reason" rows={2} maxLength={500} required minLength={3} />
          </label>
          <Messages error={error} />
          <div className="buttons">
            <button type="submit" className="primary" disabled={busy}>
              {t('team.create')}
            </button>
          </div>
        </form>
      )}
    </TeamDialog>
  );
}

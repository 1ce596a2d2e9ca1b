import { useState, type FormEvent } from 'react';
import { OPERATOR_PASSWORD_MIN_LENGTH } from '@wl/contracts';
import { authCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { useOperator } from '../shell/session';
import './team.css';
import { Messages } from '../lib/Messages';

/**
 * The signed-in account (ADR 0050): its sites and second factor, and its password change (the
 * current password asked again; the account's other sessions end).
 */
export function MyAccountPage() {
  const operator = useOperator();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current') ?? '');
    const next = String(data.get('new') ?? '');
    setNotice('');
    if (next.length < OPERATOR_PASSWORD_MIN_LENGTH) return setError(t('team.account.tooShort'));
    if (next !== String(data.get('confirm') ?? '')) return setError(t('team.account.mismatch'));
    if (next === current) return setError(t('team.account.sameAsOld'));
    setBusy(true);
    setError('');
    const reply = await authCall('password', { current_password: current, new_password: next });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    form.reset();
    setNotice(t('team.account.saved'));
  }

  return (
    <>
      <div className="page-head">
        <h1>{t('team.account.title')}</h1>
        <p>{t('team.account.intro', { username: operator.username, role: t(`roles.${operator.role}`) })}</p>
      </div>
      <section className="account-card">
        <dl className="facts">
          <dt>{t('team.account.sites')}</dt>
          <dd>{operator.all_sites ? t('team.allSitesShort') : operator.sites.map((site) => site.site_name).join(', ')}</dd>
          <dt>{t('team.account.secondFactor')}</dt>
          <dd>{operator.totp_enrolled ? t('team.enrolled') : t('team.notEnrolled')}</dd>
          <dt>{t('team.account.lastLogin')}</dt>
          <dd>{operator.last_login_at ? dateTime(operator.last_login_at) : t('team.never')}</dd>
        </dl>
      </section>
      <section className="account-card" aria-labelledby="password-title">
        <h2 id="password-title">{t('team.account.passwordTitle')}</h2>
        <form onSubmit={changePassword} noValidate>
          <label>
            {t('team.account.current')}
            <input type="password" name="current" autoComplete="current-password" required />
          </label>
          <label>
            {t('team.account.new')}
            <input type="password" name="new" autoComplete="new-password" required minLength={OPERATOR_PASSWORD_MIN_LENGTH} aria-describedby="new-password-hint" />
            <span id="new-password-hint" className="sub">
              {t('team.account.newHint')}
            </span>
          </label>
          <label>
            {t('team.account.confirm')}
            <input type="password" name="confirm" autoComplete="new-password" required />
          </label>
          <div aria-live="polite">
            <Messages error={error} />
            {notice && <p className="notice">{notice}</p>}
          </div>
          <div>
            <button type="submit" className="primary" disabled={busy}>
              {t('team.account.save')}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}

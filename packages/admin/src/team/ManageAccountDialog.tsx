import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OperatorRole, TeamMember } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { OneTimeSecret, RoleSelect, SitePicker, TeamDialog, reasonOf, sitesOf } from './parts';

type Outcome = { kind: 'notice'; text: string } | { kind: 'secret'; intro: string; value: string } | { kind: 'error'; text: string } | null;

/**
 * One account: its role, its sites, its sign-in (disable or enable, a new password, a new
 * enrolment) and its API keys. Each change asks the one reason at the top (kept in the audit log).
 */
export function ManageAccountDialog({ member, onClose, onChanged }: { member: TeamMember; onClose: () => void; onChanged: () => void }) {
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const outcomeArea = useRef<HTMLDivElement>(null);

  // The answer shows at the top, where the reason is: brought into view (a key made at the bottom
  // of the dialog must be seen and copied now, it is not shown again).
  useEffect(() => {
    if (!outcome || !outcomeArea.current) return;
    outcomeArea.current.scrollIntoView({ block: 'nearest' });
    if (outcome.kind === 'secret') outcomeArea.current.focus();
  }, [outcome]);

  /** The reason typed at the top, or null after saying one is needed. */
  function reason(): string | null {
    const form = new FormData();
    form.set('reason', reasonField.current?.value ?? '');
    const value = reasonOf(form);
    if (value) return value;
    setOutcome({ kind: 'error', text: t('team.reasonNeeded') });
    reasonField.current?.focus();
    return null;
  }

  async function run<R extends { statusCode: number; message: string }>(call: () => Promise<R>, done: (reply: Extract<R, { statusCode: 1 }>) => Outcome) {
    setBusy(true);
    const reply = await call();
    setBusy(false);
    if (reply.statusCode !== 1) return setOutcome({ kind: 'error', text: failureText(reply.message) });
    setOutcome(done(reply as Extract<R, { statusCode: 1 }>));
    onChanged();
  }

  const update = (change: 'disable' | 'enable' | 'reset_password' | 'reset_second_factor') => {
    const why = reason();
    if (!why) return;
    void run(
      () => opsCall('opsTeamUpdate', { account_id: member.account_id, change, reason: why }),
      (reply) =>
        change === 'reset_password'
          ? { kind: 'secret', intro: t('team.passwordReset', { username: member.username }), value: reply.password ?? '' }
          : {
              kind: 'notice',
              text: t(
                change === 'disable' ? 'team.disabledNotice' : change === 'enable' ? 'team.enabledNotice' : 'team.secondFactorReset',
                { username: member.username },
              ),
            },
    );
  };

  function saveRole(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget).get('role')) as OperatorRole;
    const why = reason();
    if (!why) return;
    void run(
      () => opsCall('opsTeamUpdate', { account_id: member.account_id, change: 'role', role, reason: why }),
      () => ({ kind: 'notice', text: t('team.roleSaved', { username: member.username, role: t(`roles.${role}`) }) }),
    );
  }

  function saveSites(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sites = sitesOf(new FormData(event.currentTarget), 'manage-sites');
    if (sites !== null && sites.length === 0) return setOutcome({ kind: 'error', text: t('team.pickSites') });
    const why = reason();
    if (!why) return;
    void run(
      () => opsCall('opsTeamUpdate', { account_id: member.account_id, change: 'sites', sites, reason: why }),
      () => ({ kind: 'notice', text: t('team.sitesSaved', { username: member.username }) }),
    );
  }

  function makeKey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('key-name') ?? '').trim();
    const why = reason();
    if (!why) return;
    void run(
      () => opsCall('opsTeamKeyCreate', { account_id: member.account_id, name, reason: why }),
      (reply) => {
        form.reset();
        return { kind: 'secret', intro: t('team.keyMade', { name: reply.value.name }), value: reply.key };
      },
    );
  }

  const disableKey = (keyId: number, name: string) => {
    const why = reason();
    if (!why) return;
    void run(
      () => opsCall('opsTeamKeyDisable', { key_id: keyId, reason: why }),
      () => ({ kind: 'notice', text: t('team.keyDisabled', { name }) }),
    );
  };

  return (
    <TeamDialog title={t('team.manageOf', { username: member.username })} onClose={onClose}>
      <label>
        {t('team.reason')}
        <textarea ref={reasonField} name="reason" rows={2} maxLength={500} required minLength={3} />
      </label>
      <div ref={outcomeArea} className="team-outcome" tabIndex={-1} aria-live="polite">
        {outcome?.kind === 'error' && (
          <p className="form-error" role="alert">
            {outcome.text}
          </p>
        )}
        {outcome?.kind === 'notice' && <p className="notice">{outcome.text}</p>}
        {outcome?.kind === 'secret' && <OneTimeSecret intro={outcome.intro} value={outcome.value} />}
      </div>

      <section className="team-section" aria-label={t('team.role')}>
        <form className="team-inline" onSubmit={saveRole}>
          <RoleSelect name="role" defaultValue={member.role} />
          <button type="submit" disabled={busy}>
            {t('team.saveRole')}
          </button>
        </form>
      </section>

      <section className="team-section" aria-label={t('team.sites')}>
        <form className="team-form" onSubmit={saveSites}>
          <SitePicker name="manage-sites" initial={member.sites === null ? null : member.sites.map((site) => site.domain)} />
          <div className="buttons">
            <button type="submit" disabled={busy}>
              {t('team.saveSites')}
            </button>
          </div>
        </form>
      </section>

      <section className="team-section">
        <h3>{t('team.access')}</h3>
        <div className="buttons team-buttons">
          {member.disabled ? (
            <button type="button" onClick={() => update('enable')} disabled={busy}>
              {t('team.enable')}
            </button>
          ) : (
            <button type="button" className="danger" onClick={() => update('disable')} disabled={busy}>
              {t('team.disable')}
            </button>
          )}
          <button type="button" onClick={() => update('reset_password')} disabled={busy}>
            {t('team.resetPassword')}
          </button>
          <button type="button" onClick={() => update('reset_second_factor')} disabled={busy}>
            {t('team.resetSecondFactor')}
          </button>
        </div>
      </section>

      <section className="team-section">
        <h3>{t('team.keysTitle')}</h3>
        <p className="note">{t('team.keysIntro')}</p>
        {member.keys.length === 0 ? (
          <p>{t('team.noKeys')}</p>
        ) : (
          <ul className="team-keys">
            {member.keys.map((key) => (
              <li key={key.key_id}>
                <span className="mono">{key.name}</span>{' '}
                <span className="sub-inline">{key.disabled_at ? t('team.keyOff', { date: dateTime(key.disabled_at) }) : t('team.keyCreated', { date: dateTime(key.created_at) })}</span>
                {!key.disabled_at && (
                  <button type="button" className="link" onClick={() => disableKey(key.key_id, key.name)} disabled={busy}>
                    {t('team.disableKey', { name: key.name })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {!member.disabled && (
          <form className="team-inline" onSubmit={makeKey}>
            <label>
              {t('team.keyName')}
              <input name="key-name" required minLength={2} maxLength={64} autoComplete="off" spellCheck={false} aria-describedby="team-key-hint" />
              <span id="team-key-hint" className="sub">
                {t('team.keyNameHint')}
              </span>
            </label>
            <button type="submit" disabled={busy}>
              {t('team.makeKey')}
            </button>
          </form>
        )}
      </section>
    </TeamDialog>
  );
}

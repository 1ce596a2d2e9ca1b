import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { STATUS, accountId as accountIdRule, loginPassword, tac as tacRule } from '@wl/contracts';
import { useLocale } from '../../lib/use-locale';
import { callApi, siteCallPayload } from '../../client/api';
import { loginWithPassword, loginWithTac } from '../../client/account';
import { FormMessage, PasswordField } from '../../shared/forms/fields';
import { AccountIdField, CodeField } from './account-fields';
import { useCountdown } from './use-countdown';
import { firstInvalid, replyErrors, ruleError, type FieldErrors } from '../../shared/forms/validation';
import { useT } from '../../i18n/use-t';

type Field = 'account_id' | 'password' | 'tac';
const FIELDS: readonly Field[] = ['account_id', 'password', 'tac'];
type Mode = 'password' | 'code';

/**
 * The login form of the login modal, the sign-in modal and the /login page: password login, or
 * login with a one-time code sent to the account's phone (tac/request_login, then login_tac).
 * Rules from the contracts are checked before sending; the server's errors show in place,
 * translated, keeping what was typed except the password.
 */
export function LoginForm({
  site,
  onLoggedIn,
  footer,
  onNavigate,
}: {
  site: { external_id: string };
  /** After a successful login, with the player's display name. */
  onLoggedIn: (name: string) => void;
  /** Links below the form (registration). */
  footer?: ReactNode;
  /** Called when a link of the form leaves it (a modal closes itself). */
  onNavigate?: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const { to } = useLocale();
  const [mode, setMode] = useState<Mode>('password');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = useCountdown();
  const fieldId = (target: Field | 'form') => `${id}-${target}`;
  const focusLater = (target: Field | 'form') => requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());

  const showErrors = (fields: FieldErrors<Field>, form: string | null) => {
    setErrors(fields);
    setFormError(form);
    const first = firstInvalid(FIELDS, fields);
    if (first) focusLater(first);
    else if (form) focusLater('form');
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setFormError(null);
    setInfo(null);
    setPassword('');
    focusLater('account_id');
  };

  const sendCode = async () => {
    const accountError = ruleError(accountIdRule, account);
    if (accountError) return showErrors({ account_id: accountError }, null);
    setBusy(true);
    const reply = await callApi('tacRequestLogin', { ...siteCallPayload(site), account_id: account });
    setBusy(false);
    if ('resend_in' in reply && typeof reply.resend_in === 'number') resend.start(reply.resend_in);
    if (reply.statusCode !== STATUS.ok) {
      const failure = replyErrors(reply, FIELDS);
      return showErrors(failure.fields, failure.form);
    }
    setCodeSent(true);
    setErrors({});
    setFormError(null);
    setInfo(t('shell.codeSentToAccount'));
    focusLater('tac');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'code' && !codeSent) return void sendCode();
    const checks: FieldErrors<Field> = { account_id: ruleError(accountIdRule, account) ?? undefined };
    if (mode === 'password') checks.password = ruleError(loginPassword, password) ?? undefined;
    else checks.tac = ruleError(tacRule, code) ?? undefined;
    if (firstInvalid(FIELDS, checks)) return showErrors(checks, null);

    setBusy(true);
    const reply =
      mode === 'password'
        ? await loginWithPassword(site, { account_id: account, password })
        : await loginWithTac(site, { account_id: account, tac: code });
    setBusy(false);
    if (reply.statusCode === STATUS.ok && 'user' in reply) {
      onLoggedIn(reply.user.full_name || reply.user.account_id);
      return;
    }
    setPassword('');
    const failure = replyErrors(reply, FIELDS);
    showErrors(failure.fields, failure.form);
  };

  const label = busy ? (mode === 'code' && !codeSent ? t('shell.sendingCode') : t('shell.loggingIn')) : mode === 'code' && !codeSent ? t('shell.sendCode') : t('shell.loginSubmit');

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <FormMessage text={formError} id={fieldId('form')} />
      <AccountIdField
        id={fieldId('account_id')}
        value={account}
        onValue={(value) => {
          setAccount(value);
          // A code already sent belongs to the account it was asked for.
          setCodeSent(false);
        }}
        error={errors.account_id}
      />
      {mode === 'password' ? (
        <PasswordField
          id={fieldId('password')}
          name="password"
          label={t('shell.password')}
          value={password}
          onValue={setPassword}
          error={errors.password}
          autoComplete="current-password"
          maxLength={64}
          required
        />
      ) : codeSent ? (
        <>
          <FormMessage text={info} kind="info" />
          <CodeField id={fieldId('tac')} value={code} onValue={setCode} error={errors.tac} />
          <button type="button" className="link-button" disabled={busy || resend.secondsLeft > 0} onClick={() => void sendCode()}>
            {resend.secondsLeft > 0 ? t('shell.resendIn', { seconds: resend.secondsLeft }) : t('shell.resendCode')}
          </button>
        </>
      ) : null}
      <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy}>
        {label}
      </button>
      <div className="auth-form__links">
        <button type="button" className="link-button" onClick={() => switchMode(mode === 'password' ? 'code' : 'password')}>
          {mode === 'password' ? t('shell.withCode') : t('shell.withPassword')}
        </button>
        <Link to={to('/forgot-password')} onClick={onNavigate}>
          {t('shell.forgotPassword')}
        </Link>
      </div>
      {footer ? <div className="auth-form__footer">{footer}</div> : null}
    </form>
  );
}

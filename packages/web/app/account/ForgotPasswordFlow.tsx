import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { STATUS, accountId as accountIdRule, contactPhone as phoneRule, tac as tacRule, type LoginReply } from '@wl/contracts';
import { callApi, siteCallPayload } from '../client/api';
import { loadPlayerExtras } from '../client/account';
import { startSession } from '../client/session';
import { showToast } from '../client/toasts';
import { errorMessageText } from '../lib/messages';
import { useLocale } from '../lib/use-locale';
import { FormMessage } from '../shared/forms/fields';
import { useCountdown } from '../shell/forms/use-countdown';
import { firstInvalid, replyErrors, ruleError, type FieldErrors } from '../shared/forms/validation';
import { AccountIdField, CodeField, PhoneField } from '../shell/forms/account-fields';
import { PasswordForm } from './PasswordForm';
import { useT } from '../i18n/use-t';

type Field = 'account_id' | 'contact_phone' | 'tac';
const FIELDS: readonly Field[] = ['account_id', 'contact_phone', 'tac'];
type Step = 'details' | 'code' | 'password';
const STEPS: readonly Step[] = ['details', 'code', 'password'];

/**
 * Forgot password (docs/product.md D5): account id and phone → forgot_password sends a code → the
 * code logs the player in (login_tac) → a new password without the current one (update_password
 * in that session) → done.
 *
 * /forgot-password is guest-only: the moment the client's session starts, the guard sends the
 * player home. So the login_tac session is held here while the new password is chosen, and the
 * client's session starts at the end (or when the player keeps the old password).
 */
export function ForgotPasswordFlow({ site }: { site: { external_id: string } }) {
  const { t } = useT();
  const id = useId();
  const { to } = useLocale();
  const [step, setStep] = useState<Step>('details');
  const [values, setValues] = useState<Record<Field, string>>({ account_id: '', contact_phone: '', tac: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [login, setLogin] = useState<LoginReply | null>(null);
  const resend = useCountdown();
  const fieldId = (target: Field | 'form') => `${id}-${target}`;
  const focusLater = (target: Field | 'form') => requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (next: FieldErrors<Field>, form: string | null) => {
    setErrors(next);
    setFormError(form);
    const first = firstInvalid(FIELDS, next);
    if (first) focusLater(first);
    else if (form) focusLater('form');
  };

  const sendCode = async (): Promise<boolean> => {
    const checks: FieldErrors<Field> = {
      account_id: ruleError(accountIdRule, values.account_id) ?? undefined,
      contact_phone: ruleError(phoneRule, values.contact_phone) ?? undefined,
    };
    if (firstInvalid(FIELDS, checks)) {
      showErrors(checks, null);
      return false;
    }
    setBusy(true);
    const reply = await callApi('forgotPassword', { ...siteCallPayload(site), account_id: values.account_id, contact_phone: values.contact_phone });
    setBusy(false);
    if ('resend_in' in reply && typeof reply.resend_in === 'number') resend.start(reply.resend_in);
    if (reply.statusCode !== STATUS.ok) {
      // A new code refused on the code step (asked too soon...): the code sent before stays valid, so stay there.
      if (step === 'code') showErrors({}, errorMessageText(reply.message));
      else {
        const failure = replyErrors(reply, FIELDS);
        showErrors(failure.fields, failure.form);
      }
      return false;
    }
    showErrors({}, null);
    return true;
  };

  const submitDetails = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !(await sendCode())) return;
    setValues((current) => ({ ...current, tac: '' }));
    setStep('code');
    focusLater('tac');
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const tacError = ruleError(tacRule, values.tac);
    if (tacError) return showErrors({ tac: tacError }, null);
    setBusy(true);
    const reply = await callApi('loginTac', { ...siteCallPayload(site), account_id: values.account_id, tac: values.tac });
    setBusy(false);
    if (reply.statusCode === STATUS.ok && 'token' in reply && reply.token) {
      setLogin(reply);
      showErrors({}, null);
      setStep('password');
      return;
    }
    const failure = replyErrors(reply, FIELDS);
    showErrors(failure.fields, failure.form);
  };

  /** The end of the flow: the login_tac session becomes the client's session (the guard then leaves this guest-only page). */
  const finish = (passwordChanged: boolean) => {
    if (!login) return;
    if (passwordChanged) showToast({ kind: 'success', title: t('messages:passwordSet'), text: t('messages:loggedIn') });
    else showToast({ kind: 'success', title: t('messages:welcomeBack', { name: login.user.full_name || login.user.account_id }) });
    startSession(login);
    void loadPlayerExtras();
  };

  const stepNumber = STEPS.indexOf(step) + 1;
  return (
    <div className="forgot-flow">
      <p className="auth-form__step">{t('shell.step', { n: stepNumber, of: STEPS.length })}</p>
      {step === 'details' ? (
        <form className="auth-form" noValidate onSubmit={submitDetails} aria-busy={busy}>
          <p className="account-lead">{t('security.forgotLead')}</p>
          <FormMessage text={formError} id={fieldId('form')} />
          <AccountIdField id={fieldId('account_id')} value={values.account_id} onValue={set('account_id')} error={errors.account_id} />
          <PhoneField id={fieldId('contact_phone')} value={values.contact_phone} onValue={set('contact_phone')} error={errors.contact_phone} />
          <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy}>
            {busy ? t('shell.sendingCode') : t('shell.sendCode')}
          </button>
          <div className="auth-form__links">
            <Link to={to('/login')}>{t('security.backToLogin')}</Link>
          </div>
        </form>
      ) : step === 'code' ? (
        <form className="auth-form" noValidate onSubmit={submitCode} aria-busy={busy}>
          <FormMessage text={t('security.codeLead', { phone: values.contact_phone })} kind="info" />
          <FormMessage text={formError} id={fieldId('form')} />
          <CodeField id={fieldId('tac')} value={values.tac} onValue={set('tac')} error={errors.tac} />
          <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy}>
            {busy ? t('security.verifyingCode') : t('security.verifyCode')}
          </button>
          <div className="auth-form__links">
            <button type="button" className="link-button" disabled={busy || resend.secondsLeft > 0} onClick={() => void sendCode()}>
              {resend.secondsLeft > 0 ? t('shell.resendIn', { seconds: resend.secondsLeft }) : t('shell.resendCode')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                showErrors({}, null);
                setStep('details');
                focusLater('account_id');
              }}
            >
              {t('security.changeDetails')}
            </button>
          </div>
        </form>
      ) : login ? (
        <div className="forgot-flow__password">
          <h2 className="forgot-flow__title">{t('security.newPasswordTitle')}</h2>
          <p className="account-lead">{t('security.newPasswordLead')}</p>
          <PasswordForm
            mode="reset"
            session={() => ({ account_id: login.user.account_id, auth: login.token })}
            submitLabel={t('security.setPassword')}
            onChanged={() => finish(true)}
          />
          <div className="auth-form__links forgot-flow__skip">
            <button type="button" className="link-button" onClick={() => finish(false)}>
              {t('security.skipNewPassword')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

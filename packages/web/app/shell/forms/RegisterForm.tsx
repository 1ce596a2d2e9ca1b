import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  STATUS,
  accountId as accountIdRule,
  birthDate,
  contactEmail,
  contactPhone,
  password as passwordRule,
  tac as tacRule,
  trackingField,
} from '@wl/contracts';
import { callApi, siteCallPayload } from '../../client/api';
import { startSignedUpSession } from '../../client/account';
import { campaignOf, trackingPayload, type TrackingFields } from '../../client/tracking';
import { AccountIdField, CodeField, PhoneField } from './account-fields';
import { FormMessage, PasswordField, TextField } from '../../shared/forms/fields';
import { useCountdown } from './use-countdown';
import { firstInvalid, replyErrors, ruleError, type FieldErrors, type FieldRule } from '../../shared/forms/validation';
import { useT } from '../../i18n/use-t';

type Field = 'account_id' | 'password' | 'contact_phone' | 'contact_email' | 'birth_date' | 'referrer_code' | 'tac';
const DETAIL_FIELDS = ['account_id', 'password', 'contact_phone', 'contact_email', 'birth_date', 'referrer_code'] as const;
const FIELDS: readonly Field[] = [...DETAIL_FIELDS, 'tac'];
type Details = Record<(typeof DETAIL_FIELDS)[number], string>;

const RULES: Record<(typeof DETAIL_FIELDS)[number], FieldRule> = {
  account_id: accountIdRule,
  password: passwordRule,
  contact_phone: contactPhone,
  contact_email: contactEmail,
  birth_date: {
    // An empty date is asked for; a typed one follows the contracts' rule (a real date, not in the future: ADR 0040).
    safeParse: (value: unknown) => (value === '' ? { success: false, error: { issues: [{ message: 'required' }] } } : birthDate.safeParse(value)),
  },
  referrer_code: trackingField,
};

/** Today in the browser's calendar as YYYY-MM-DD: the latest date of birth the date picker offers. */
function todayText(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The phone as shown back to the player: its last digits only. */
function maskedPhone(phone: string): string {
  return phone.length > 4 ? `•••• ${phone.slice(-4)}` : phone;
}

/**
 * Registration (the /register page and the sign-in modal's tab). The contracts' signup needs a
 * register code verified first: the details are checked against the shared rules, a code is sent
 * to the phone (tac/request_new_register), the player types it (tac/verify), then signup creates
 * the account and logs the player in. Server errors show on their fields; what was typed is kept,
 * except the password.
 */
export function RegisterForm({
  site,
  onRegistered,
  footer,
}: {
  site: { external_id: string };
  onRegistered: (name: string) => void;
  footer?: ReactNode;
}) {
  const { t } = useT();
  const id = useId();
  const { search } = useLocation();
  const [details, setDetails] = useState<Details>(() => ({
    account_id: '',
    password: '',
    contact_phone: '',
    contact_email: '',
    birth_date: '',
    // A referral link carries the referrer's code: /register?ref=CODE.
    referrer_code: (campaignOf(search).referrer_code ?? '').slice(0, 32),
  }));
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'details' | 'code'>('details');
  /** The account and phone whose register code is verified: signup may follow without a new code. */
  const [verified, setVerified] = useState<{ account_id: string; contact_phone: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Or the visit's landing link did (kept in the browser, so known only after hydration).
  useEffect(() => {
    const kept = trackingPayload().referrer_code;
    // Browser storage is read after hydration by design: the server cannot know it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (kept) setDetails((current) => (current.referrer_code ? current : { ...current, referrer_code: kept.slice(0, 32) }));
  }, []);
  const resend = useCountdown();
  const fieldId = (target: Field | 'form') => `${id}-${target}`;
  const focusLater = (target: Field | 'form') => requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());
  const set = (field: keyof Details) => (value: string) => setDetails((before) => ({ ...before, [field]: value }));

  const showErrors = (fields: FieldErrors<Field>, form: string | null) => {
    setErrors(fields);
    setFormError(form);
    const first = firstInvalid(FIELDS, fields);
    // A detail's error takes the player back to the details.
    if (first && first !== 'tac') setStep('details');
    if (first) focusLater(first);
    else if (form) focusLater('form');
  };

  /** A failed reply: shown in place; the password is cleared when the player goes back to the details. */
  const fail = (reply: { message: string; errors?: Record<string, string[]> }) => {
    const failure = replyErrors(reply, FIELDS);
    const first = firstInvalid(FIELDS, failure.fields);
    if (step === 'details' || (first && first !== 'tac')) setDetails((before) => ({ ...before, password: '' }));
    showErrors(failure.fields, failure.form);
  };

  const signup = async () => {
    const reply = await callApi('signup', {
      ...siteCallPayload(site),
      account_id: details.account_id,
      password: details.password,
      contact_phone: details.contact_phone,
      contact_email: details.contact_email,
      birth_date: details.birth_date.trim(),
      // The field shows the campaign's referrer code: what the player left there is what counts.
      ...withoutReferrer(trackingPayload()),
      ...(details.referrer_code.trim() ? { referrer_code: details.referrer_code.trim() } : {}),
    });
    if (startSignedUpSession(reply) && 'user' in reply) {
      onRegistered(reply.user.full_name || reply.user.account_id);
      return;
    }
    // The verified code is used up only by a successful signup: it stays valid for a corrected try.
    if (reply.message === 'invalidTac') setVerified(null);
    fail(reply);
  };

  const requestCode = async () => {
    const reply = await callApi('tacRequestNewRegister', {
      ...siteCallPayload(site),
      account_id: details.account_id,
      contact_phone: details.contact_phone,
    });
    if ('resend_in' in reply && typeof reply.resend_in === 'number') resend.start(reply.resend_in);
    if (reply.statusCode !== STATUS.ok) return fail(reply);
    setErrors({});
    setFormError(null);
    setCode('');
    setStep('code');
    focusLater('tac');
  };

  const submitDetails = async () => {
    const checks: FieldErrors<Field> = {};
    for (const field of DETAIL_FIELDS) checks[field] = ruleError(RULES[field], details[field]) ?? undefined;
    if (firstInvalid(FIELDS, checks)) return showErrors(checks, null);
    const isVerified =
      verified?.account_id === details.account_id.trim().toLowerCase() && verified.contact_phone === details.contact_phone.trim();
    if (isVerified) return signup();
    setVerified(null);
    return requestCode();
  };

  const submitCode = async () => {
    const codeError = ruleError(tacRule, code);
    if (codeError) return showErrors({ tac: codeError }, null);
    const reply = await callApi('tacVerify', { ...siteCallPayload(site), account_id: details.account_id, tac: code });
    if (reply.statusCode !== STATUS.ok) return fail(reply);
    setVerified({ account_id: details.account_id.trim().toLowerCase(), contact_phone: details.contact_phone.trim() });
    await signup();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await (step === 'details' ? submitDetails() : submitCode());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <p className="auth-form__step">{t('shell.step', { n: step === 'details' ? 1 : 2, of: 2 })}</p>
      <FormMessage text={formError} id={fieldId('form')} />
      {step === 'details' ? (
        <>
          <AccountIdField id={fieldId('account_id')} hint={t('shell.accountIdHint')} value={details.account_id} onValue={set('account_id')} error={errors.account_id} />
          <PasswordField
            id={fieldId('password')}
            name="password"
            label={t('shell.password')}
            hint={t('shell.passwordHint')}
            value={details.password}
            onValue={set('password')}
            error={errors.password}
            autoComplete="new-password"
            maxLength={64}
            required
          />
          <PhoneField id={fieldId('contact_phone')} value={details.contact_phone} onValue={set('contact_phone')} error={errors.contact_phone} />
          <TextField
            id={fieldId('contact_email')}
            name="contact_email"
            type="email"
            label={t('shell.email')}
            value={details.contact_email}
            onValue={set('contact_email')}
            error={errors.contact_email}
            autoComplete="email"
            maxLength={254}
            required
          />
          {/* The site's minimum age is checked by the server, which says it on a refusal (underAge, ADR 0040). */}
          <TextField
            id={fieldId('birth_date')}
            name="birth_date"
            type="date"
            label={t('shell.birthDate')}
            hint={t('shell.birthDateHint')}
            value={details.birth_date}
            onValue={set('birth_date')}
            error={errors.birth_date}
            autoComplete="bday"
            min="1900-01-01"
            max={todayText()}
            required
          />
          <TextField
            id={fieldId('referrer_code')}
            name="referrer_code"
            label={t('shell.referrerCode')}
            value={details.referrer_code}
            onValue={set('referrer_code')}
            error={errors.referrer_code}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
          />
          <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy}>
            {busy ? t('shell.sendingCode') : t('shell.registerSubmit')}
          </button>
        </>
      ) : (
        <>
          <FormMessage text={t('shell.codeSent', { phone: maskedPhone(details.contact_phone) })} kind="info" />
          <CodeField id={fieldId('tac')} value={code} onValue={setCode} error={errors.tac} />
          <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy}>
            {busy ? t('shell.registering') : t('shell.verifySubmit')}
          </button>
          <div className="auth-form__links">
            <button type="button" className="link-button" disabled={busy || resend.secondsLeft > 0} onClick={() => void requestCode()}>
              {resend.secondsLeft > 0 ? t('shell.resendIn', { seconds: resend.secondsLeft }) : t('shell.resendCode')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setStep('details');
                setErrors({});
                setFormError(null);
                focusLater('account_id');
              }}
            >
              {t('shell.changeDetails')}
            </button>
          </div>
        </>
      )}
      {footer ? <div className="auth-form__footer">{footer}</div> : null}
    </form>
  );
}

function withoutReferrer(fields: TrackingFields): Omit<TrackingFields, 'referrer_code'> {
  const { referrer_code: _referrer, ...rest } = fields;
  return rest;
}

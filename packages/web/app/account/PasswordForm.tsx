import { useId, useState, type FormEvent } from 'react';
import { STATUS, isSessionEndMessage, loginPassword, password as passwordRule } from '@wl/contracts';
import { callApi } from '../client/api';
import { handleApiError } from '../client/errors';
import { errorMessageText } from '../lib/messages';
import { FormMessage, PasswordField } from '../shared/forms/fields';
import { firstInvalid, replyErrors, ruleError, type FieldErrors } from '../shared/forms/validation';
import { useT } from '../i18n/use-t';

type Field = 'password' | 'new_password' | 'confirm';
const FIELDS: readonly Field[] = ['password', 'new_password', 'confirm'];

export interface PasswordFormProps {
  /**
   * change: the current password is asked for. reset: a session opened by login_tac with a
   * forgot_password code, where update_password needs no current password (docs/product.md D5).
   */
  mode: 'change' | 'reset';
  /** The session the change is made in: account_id and auth. */
  session: () => { account_id: string; auth: string };
  /** After the password changed. */
  onChanged: () => void;
  submitLabel?: string;
}

/**
 * The password form of /change-password, /security and the last step of /forgot-password. The
 * shared rules of the contracts are checked before sending (the new password: 8 to 64 characters
 * with a letter and a digit), the confirmation must match, and the server's errors show in place.
 */
export function PasswordForm({ mode, session, onChanged, submitLabel }: PasswordFormProps) {
  const { t } = useT();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', new_password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = (target: Field | 'form') => `${id}-${target}`;
  const focusLater = (target: Field | 'form') => requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());
  const fields = mode === 'change' ? FIELDS : FIELDS.filter((field) => field !== 'password');

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (next: FieldErrors<Field>, form: string | null) => {
    setErrors(next);
    setFormError(form);
    const first = firstInvalid(fields, next);
    if (first) focusLater(first);
    else if (form) focusLater('form');
  };

  const check = (): FieldErrors<Field> => {
    const result: FieldErrors<Field> = {};
    if (mode === 'change') result.password = ruleError(loginPassword, values.password) ?? undefined;
    result.new_password = ruleError(passwordRule, values.new_password) ?? undefined;
    if (!result.new_password && mode === 'change' && values.new_password === values.password) result.new_password = t('security.sameAsCurrent');
    if (!values.confirm) result.confirm = ruleError(loginPassword, values.confirm) ?? undefined;
    else if (values.confirm !== values.new_password) result.confirm = t('security.passwordsDiffer');
    return result;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checks = check();
    if (firstInvalid(fields, checks)) return showErrors(checks, null);

    setBusy(true);
    const reply = await callApi('updatePassword', {
      ...session(),
      ...(mode === 'change' ? { password: values.password } : {}),
      new_password: values.new_password,
    });
    setBusy(false);
    if (reply.statusCode === STATUS.ok) {
      setValues({ password: '', new_password: '', confirm: '' });
      showErrors({}, null);
      onChanged();
      return;
    }
    // A session that ended runs the session-expired flow; the form keeps nothing to retry with.
    if (isSessionEndMessage(reply.message)) {
      handleApiError(reply);
      showErrors({}, errorMessageText(reply.message));
      return;
    }
    setValues((current) => ({ ...current, password: '' }));
    if (reply.message === 'invalidPassword') return showErrors({ password: errorMessageText(reply.message) }, null);
    const failure = replyErrors(reply, fields);
    showErrors(failure.fields, failure.form);
  };

  return (
    <form className="auth-form password-form" noValidate onSubmit={submit} aria-busy={busy}>
      <FormMessage text={formError} id={fieldId('form')} />
      {mode === 'change' ? (
        <PasswordField
          id={fieldId('password')}
          name="password"
          label={t('security.currentPassword')}
          value={values.password}
          onValue={set('password')}
          error={errors.password}
          autoComplete="current-password"
          maxLength={64}
          required
        />
      ) : null}
      <PasswordField
        id={fieldId('new_password')}
        name="new_password"
        label={t('security.newPassword')}
        hint={t('shell.passwordHint')}
        value={values.new_password}
        onValue={set('new_password')}
        error={errors.new_password}
        autoComplete="new-password"
        maxLength={64}
        required
      />
      <PasswordField
        id={fieldId('confirm')}
        name="confirm_password"
        label={t('security.confirmPassword')}
        value={values.confirm}
        onValue={set('confirm')}
        error={errors.confirm}
        autoComplete="new-password"
        maxLength={64}
        required
      />
      <button type="submit" className="btn btn--primary auth-form__submit" disabled={busy}>
        {busy ? t('security.savingPassword') : (submitLabel ?? t('security.savePassword'))}
      </button>
    </form>
  );
}

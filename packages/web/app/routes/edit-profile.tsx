import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { STATUS, fullName as fullNameRule, isSessionEndMessage } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { getSession, updateSession, useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { FormMessage, OwnerProofField, TextField } from '../shared/forms/fields';
import { firstInvalid, replyErrors, ruleError, type FieldErrors } from '../shared/forms/validation';
import { errorMessageText, validationText } from '../lib/messages';
import { AlphabetOnlyInput } from '../shared/ui/inputs';
import { checkEmail } from '../shared/forms/rules';
import '../styles/player.css';
import { useT } from '../i18n/use-t';

export { screenMeta as meta } from '../seo/merge-meta';

const FIELDS = ['full_name', 'contact_email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /edit-profile: the player's full name (alphabet-only input) and email, saved with profile_update.
 * A new name needs the password (ADR 0022: bank accounts must be in it), asked for only then.
 */
export default function EditProfilePage() {
  const session = useSession();
  if (!session.isAuthenticated) return null;
  // Keyed by the account: the form starts from the stored profile of the player who opens it.
  return <EditProfileForm key={session.user?.account_id} initial={{ full_name: session.fullname, contact_email: session.email, password: '' }} />;
}

function EditProfileForm({ initial }: { initial: Record<Field, string> }) {
  const { t } = useT();
  const id = useId();
  const { to } = useLocale();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = (field: Field | 'form') => `${id}-${field}`;
  const focusLater = (target: Field | 'form') => requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());
  const set = (field: Field) => (value: string) => setValues((before) => ({ ...before, [field]: value }));
  const renaming = values.full_name.trim() !== initial.full_name.trim();

  const showErrors = (fields: FieldErrors<Field>, form: string | null) => {
    setErrors(fields);
    setFormError(form);
    const first = firstInvalid(FIELDS, fields);
    if (first) focusLater(first);
    else if (form) focusLater('form');
  };

  const save = async () => {
    // The shared rules first (docs/product.md D5): the same ones the server applies.
    const checks: FieldErrors<Field> = {
      full_name: ruleError(fullNameRule, values.full_name) ?? undefined,
      contact_email: checkEmail(values.contact_email) ?? undefined,
      password: renaming && !values.password ? validationText('required') : undefined,
    };
    if (firstInvalid(FIELDS, checks)) return showErrors(checks, null);

    const reply = await callApi('profileUpdate', {
      ...sessionCallPayload(),
      full_name: values.full_name.trim(),
      contact_email: values.contact_email.trim(),
      ...(renaming ? { password: values.password } : {}),
    });
    if (reply.statusCode === STATUS.ok && 'value' in reply) {
      const [stored] = reply.value;
      const user = getSession().user;
      // docs/product.md §7: on success the stored profile is updated.
      updateSession({
        fullname: stored.full_name,
        email: stored.contact_email,
        user: user ? { ...user, full_name: stored.full_name, contact_email: stored.contact_email } : null,
      });
      showToast({ kind: 'success', title: t('messages:profileSaved') });
      await navigate(to('/profile'));
      return;
    }
    // An ended session runs the global flow; a lost connection or a refusal shows in the form.
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    if (reply.message === 'invalidPassword') {
      setValues((before) => ({ ...before, password: '' }));
      return showErrors({ password: errorMessageText(reply.message) }, null);
    }
    const failure = replyErrors(reply, FIELDS);
    showErrors(failure.fields, failure.form);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await save();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="player-screen player-screen--narrow" aria-labelledby={`${id}-title`}>
      <header className="player-screen__head">
        <h1 id={`${id}-title`} className="screen__title">
          {t('_m:edit-profile')}
        </h1>
        <p className="screen__lead">{t('player.editProfileLead')}</p>
      </header>
      <form className="player-card auth-form player-form" noValidate onSubmit={submit} aria-busy={busy}>
        <FormMessage text={formError} id={fieldId('form')} />
        <AlphabetOnlyInput
          id={fieldId('full_name')}
          name="full_name"
          label={t('player.fullName')}
          hint={t('player.fullNameHint')}
          autoComplete="name"
          maxLength={50}
          value={values.full_name}
          onValue={set('full_name')}
          error={errors.full_name}
        />
        <TextField
          id={fieldId('contact_email')}
          name="contact_email"
          type="email"
          label={t('player.email')}
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={values.contact_email}
          onValue={set('contact_email')}
          error={errors.contact_email}
        />
        {renaming ? (
          <OwnerProofField
            id={fieldId('password')}
            hint={t('player.proofNameHint')}
            value={values.password}
            onValue={set('password')}
            error={errors.password}
          />
        ) : null}
        <div className="player-card__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t('player.saving') : t('player.save')}
          </button>
          <Link to={to('/profile')} className="btn btn--ghost">
            {t('player.cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}

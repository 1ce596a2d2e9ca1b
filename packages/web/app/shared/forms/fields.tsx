import { useState, type InputHTMLAttributes } from 'react';
import { useT } from '../../i18n/use-t';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'>;

interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date';
}

/** A labelled input with its hint and its error, both tied to it for assistive technology. */
export function TextField({ id, label, value, onValue, error, hint, type = 'text', ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="field__input"
        type={type}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide switch. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field-with-toggle">
      <TextField {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="field-toggle"
        aria-pressed={visible}
        aria-controls={props.id}
        aria-label={visible ? t('shell.hidePassword') : t('shell.showPassword')}
        onClick={() => setVisible(!visible)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {visible ? null : <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
        </svg>
      </button>
    </div>
  );
}

/** A form-level message, announced when it appears. */
export function FormMessage({
  text,
  kind = 'error',
  id,
}: {
  text: string | null;
  kind?: 'error' | 'info';
  id?: string;
}) {
  if (!text) return null;
  return (
    <p id={id} className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {text}
    </p>
  );
}

/**
 * The account's password, asked again before a change that redirects money (a new full name, a
 * payout account added, removed or made default): the session alone is not enough (ADR 0022).
 */
export function OwnerProofField(props: Omit<TextFieldProps, 'type' | 'label' | 'name' | 'autoComplete' | 'maxLength' | 'required'>) {
  const { t } = useT();
  return <PasswordField {...props} name="password" label={t('player.proofPassword')} autoComplete="current-password" maxLength={64} required />;
}

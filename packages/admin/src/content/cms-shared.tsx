import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Failure, Reply } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';
import { fieldErrorText } from './ContentDialogs';

/*
 * Pieces the CMS pages and SEO tabs share (ADR 0053): the tab's head with its way back to the
 * list, a field's server errors in words, the reason the audit log keeps, and the save with it.
 */

export type FieldErrors = Record<string, string[]>;

/** The tab's heading and intro, a link back to the list while one entry is open, the load failure or "loading". */
export function CmsTabHead({ id, title, intro, back, error, loading }: { id: string; title: string; intro: string; back: { to: string; text: string } | null; error: string; loading: boolean }) {
  return (
    <>
      <div className="content-head">
        <div>
          <h2 id={id}>{title}</h2>
          <p className="sub">{intro}</p>
        </div>
        {back && (
          <Link to={back.to} preventScrollReset>
            {back.text}
          </Link>
        )}
      </div>
      <Messages error={error} />
      {loading && !error && <p className="note">{t('content.loading')}</p>}
    </>
  );
}

/** The server's errors of one field in words, under it (its id ties it to the control). */
export function CmsFieldError({ errors, name, id, text = fieldErrorText }: { errors: FieldErrors; name: string; id: string; text?: (field: string, key: string) => string }) {
  const keys = errors[name];
  if (!keys?.length) return null;
  return (
    <span id={id} className="form-error content-field-error">
      {[...new Set(keys)].map((key) => text(name, key)).join(' ')}
    </span>
  );
}

/** The reason of a save (the audit log keeps it), with its errors. */
export function ReasonField({ id, errorId, reason, setReason, errors }: { id: string; errorId: string; reason: string; setReason: (reason: string) => void; errors: FieldErrors }) {
  return (
    <div className="content-field">
      <label htmlFor={id}>{t('content.fields.reason')}</label>
      <input
        id={id}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? errorId : undefined}
      />
      <CmsFieldError errors={errors} name="reason" id={errorId} />
    </div>
  );
}

/**
 * A form saved with a typed reason: its state, and `save`, which refuses a reason under 3
 * characters, makes the call, puts a refused field's errors under it and the failure in words,
 * and hands a saved reply to `saved`.
 */
export function useReasonSave() {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  async function save<T>(event: FormEvent, send: (reason: string) => Promise<Reply<T>>, saved: (reply: T & { statusCode: 1 }) => void | Promise<void>) {
    event.preventDefault();
    setNotice('');
    if (reason.trim().length < 3) return setErrors({ reason: ['tooShort'] });
    setBusy(true);
    setErrors({});
    setError('');
    const reply = await send(reason.trim());
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.message === 'validationError' && failed.errors) setErrors(failed.errors);
      return setError(failureText(failed.message));
    }
    await saved(reply as T & { statusCode: 1 });
  }
  return { reason, setReason, errors, setErrors, error, setError, notice, setNotice, busy, setBusy, save };
}

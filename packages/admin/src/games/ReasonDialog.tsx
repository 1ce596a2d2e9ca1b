import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { failureText, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';

/*
 * A change that needs a reason (kept in the audit log): a native modal <dialog> (focus kept
 * inside, Escape closes) with the reason field and the confirming button. Used by the Games and
 * Sportsbook screens (ADR 0051).
 */

interface Props {
  title: string;
  confirm: string;
  children?: ReactNode;
  /** Runs the change; answers an error key, or null when done. */
  onConfirm: (reason: string) => Promise<string | null>;
  onClose: () => void;
}

export function ReasonDialog({ title, confirm, children, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 3) return setError(failureText('tooShort'));
    setBusy(true);
    setError('');
    const failed = await onConfirm(reason);
    setBusy(false);
    if (failed) return setError(failureText(failed));
    dialog.current?.close();
  }

  return (
    <dialog ref={dialog} className="review" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="quiet" onClick={() => dialog.current?.close()}>
          {t('games.close')}
        </button>
      </header>
      <form className="decision" onSubmit={submit}>
        {children}
        <label>
          {t('games.reason')}
          <textarea name="reason" required minLength={3} maxLength={500} rows={3} />
        </label>
        <Messages error={error} />
        <div className="row-actions">
          <button type="submit" className="primary" disabled={busy}>
            {confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}

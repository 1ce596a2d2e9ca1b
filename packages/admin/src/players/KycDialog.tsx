import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { OpsKycDocument } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import { Messages } from '../lib/Messages';

/*
 * One identity document in a modal dialog (the native <dialog>, as the payments' review): its image
 * (opsKycImage, audited), and for a pending one the decision with its reason (opsKycReview); an
 * approved identity document needs the number read from it (ADR 0040).
 */

type Loaded = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'shown'; document: OpsKycDocument; src: string; width: number; height: number };

export function KycDialog({ documentId, onClose, onDecided }: { documentId: number; onClose: () => void; onDecided: (notice: string) => Promise<void> }) {
  const mayDecide = useMay('kyc.decide');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    let current = true;
    void opsCall('opsKycImage', { document_id: documentId }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) setLoaded({ state: 'failed', text: failureText(reply.message) });
      else setLoaded({ state: 'shown', document: reply.document, src: `data:${reply.content_type};base64,${reply.data}`, width: reply.width, height: reply.height });
    });
    return () => {
      current = false;
    };
  }, [documentId]);

  const document = loaded.state === 'shown' ? loaded.document : null;

  async function decide(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!document) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const decision = submitter?.value === 'approve' ? 'approve' : 'reject';
    const fields = new FormData(event.currentTarget);
    const reason = String(fields.get('reason') ?? '').trim();
    const number = String(fields.get('document_number') ?? '').trim();
    if (reason.length < 3) return setError(failureText('tooShort'));
    if (decision === 'approve' && document.kind === 'identity' && number.length < 3) return setError(t('players.documentNumberNeeded'));
    setBusy(true);
    setError('');
    const reply = await opsCall('opsKycReview', { document_id: document.document_id, decision, reason, ...(decision === 'approve' && document.kind === 'identity' ? { document_number: number } : {}) });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    await onDecided(t(decision === 'approve' ? 'players.documentApproved' : 'players.documentRejected', { level: t(`players.kycLevels.${reply.level}`) }));
  }

  return (
    <dialog ref={dialog} className="review" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id={titleId}>{document ? t(`players.documentKinds.${document.kind}`) : t('players.document')}</h2>
        <button type="button" className="quiet" onClick={() => dialog.current?.close()}>
          {t('players.closeDialog')}
        </button>
      </header>
      {loaded.state === 'loading' && <p>{t('players.loading')}</p>}
      {loaded.state === 'failed' && <p className="form-error">{loaded.text}</p>}
      {document && loaded.state === 'shown' && (
        <>
          <dl className="facts">
            <dt>{t('players.status')}</dt>
            <dd>{t(`players.documentStatuses.${document.status}`)}</dd>
            <dt>{t('players.uploaded')}</dt>
            <dd>{dateTime(document.created_at)}</dd>
            {document.document_number && (
              <>
                <dt>{t('players.documentNumber')}</dt>
                <dd className="mono">{document.document_number}</dd>
              </>
            )}
            {document.reviewed_by && (
              <>
                <dt>{t('players.reviewed')}</dt>
                <dd>{document.reviewed_by}</dd>
              </>
            )}
          </dl>
          <figure className="receipt">
            <img src={loaded.src} width={loaded.width} height={loaded.height} alt={t('players.documentAlt', { kind: t(`players.documentKinds.${document.kind}`), player: document.account_id })} />
          </figure>
          {document.status === 'pending' && mayDecide ? (
            <form className="decision" onSubmit={decide}>
              {document.kind === 'identity' && (
                <label>
                  {t('players.documentNumber')}
                  <input name="document_number" maxLength={40} autoComplete="off" aria-describedby="kyc-number-help" />
                  <span id="kyc-number-help" className="sub">
                    {t('players.documentNumberHelp')}
                  </span>
                </label>
              )}
              <label>
                {t('players.kycReason')}
                <textarea name="reason" rows={2} maxLength={500} required minLength={3} />
              </label>
              <Messages error={error} />
              <div className="buttons">
                <button type="submit" value="approve" className="primary" disabled={busy}>
                  {t('players.approve')}
                </button>
                <button type="submit" value="reject" className="danger" disabled={busy}>
                  {t('players.reject')}
                </button>
              </div>
            </form>
          ) : (
            document.status === 'pending' && <p className="note">{t('players.kycReadOnly')}</p>
          )}
        </>
      )}
    </dialog>
  );
}

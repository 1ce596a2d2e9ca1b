import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  KYC_DOCUMENT_KINDS,
  KYC_UPLOADS_PER_DAY,
  STATUS,
  isSessionEndMessage,
  type KycDocumentKind,
  type KycDocumentView,
  type KycStatusReply,
} from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { useHydrated } from '../client/hydration';
import { useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { StatusBadge } from '../shared/ui/StatusBadge';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import type { SiteT } from '../i18n/translate';
import { errorMessageText } from '../lib/messages';
import { useLocale } from '../lib/use-locale';
import { RevalidateNote } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { GuestLogIn } from '../responsible/TakeABreak';
import { prepareDocumentImage } from './document-image';
import { latestByKind, withdrawalNeedText } from './documents';

const KIND_ICONS: Record<KycDocumentKind, string> = { identity: 'idCard', selfie: 'user', address: 'home' };
const UPLOADED_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * /verification (issue 25 §4, ADR 0040): the player's verification level, what the site asks
 * before the next withdrawal, and each document kind with its latest upload (pending, approved, or
 * rejected with the operator's reason) and a way to upload one. A guest is asked to log in, as on
 * /responsible-gaming; the session lives in the browser, so that is known after hydration only.
 * `status` is the route's clientLoader's (ADR 0058), null while it loads.
 */
export function Verification({ status }: { status: Loaded<KycStatusReply> | null }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const session = useSession();
  return (
    <section className="player-screen verification" aria-labelledby="verification-title">
      <header className="player-screen__head">
        <h1 id="verification-title" className="screen__title">
          {t('_m:verification')}
        </h1>
        <p className="screen__lead">{t('verification.lead')}</p>
      </header>
      {!hydrated ? null : session.isAuthenticated ? (
        <PlayerVerification loaded={status} />
      ) : (
        <div className="player-card verification__guest">
          <GuestLogIn lead={t('verification.guestLead')} />
        </div>
      )}
    </section>
  );
}

function PlayerVerification({ loaded }: { loaded: Loaded<KycStatusReply> | null }) {
  const { t } = useT();
  const { locale } = useLocale();
  const { revalidate } = useRevalidator();

  if (!loaded || loaded.kind === 'guest') return <p className="player-card__note" aria-busy="true">{t('verification.loading')}</p>;
  if (loaded.kind !== 'ready') return <RevalidateNote text={t('verification.failed')} />;
  const status = loaded.value;
  const latest = latestByKind(status.documents);

  /** The new upload, the level and what is missing come with the status loaded again (ADR 0058). */
  const uploaded = () => revalidate();

  return (
    <>
      <section className="player-card verification-status" aria-labelledby="verification-status-title" data-testid="kyc-status">
        <h2 id="verification-status-title" className="player-card__title">
          <Icon name="shield" size={20} />
          {t('verification.statusTitle')}
        </h2>
        <dl className="verification-status__facts">
          <div className="verification-status__fact">
            <dt>{t('verification.levelLabel')}</dt>
            <dd data-testid="kyc-level" data-level={status.level}>
              <LevelBadge status={status} t={t} />
            </dd>
          </div>
          <div className="verification-status__fact">
            <dt>{t('verification.withdrawalLabel')}</dt>
            <dd data-testid="kyc-withdrawal">{withdrawalNeedText(status, t, locale)}</dd>
          </div>
        </dl>
      </section>

      <section className="verification-documents" aria-labelledby="verification-documents-title">
        <h2 id="verification-documents-title" className="verification-documents__title">
          {t('verification.documentsTitle')}
        </h2>
        <ul className="verification-documents__list">
          {KYC_DOCUMENT_KINDS.map((kind) => (
            <DocumentCard key={kind} kind={kind} latest={latest[kind]} needed={status.missing.includes(kind)} onUploaded={uploaded} />
          ))}
        </ul>
      </section>
      <p className="verification__note">
        <Icon name="shield" size={18} />
        {t('verification.privacy')}
      </p>
    </>
  );
}

function LevelBadge({ status, t }: { status: KycStatusReply; t: SiteT }) {
  // The level's word on a pill, never its colour alone: verified reads as approved, none as neutral.
  return <StatusBadge status={status.level === 'none' ? 'none' : 'approved'} label={t(`verification.levels.${status.level}`)} />;
}

type Upload = { kind: 'idle' } | { kind: 'reading' } | { kind: 'shrinking' } | { kind: 'uploading' };

/**
 * One kind of document: its latest upload's status (and the operator's reason for a rejection) and
 * an upload control, except once approved (a new upload would replace an approved document with
 * one waiting for review). The file input is the real control, opened by the button.
 */
function DocumentCard({
  kind,
  latest,
  needed,
  onUploaded,
}: {
  kind: KycDocumentKind;
  latest: KycDocumentView | undefined;
  needed: boolean;
  /** Resolves once the page shows the new upload. */
  onUploaded: (document: KycDocumentView) => Promise<void>;
}) {
  const { t } = useT();
  const id = useId();
  const dates = useDateFormat(UPLOADED_DATE);
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const status = latest?.status ?? 'none';
  const name = t(`verification.kinds.${kind}.name`);
  const busy = upload.kind !== 'idle';

  const problemText = (message: string) => {
    if (message === 'payloadTooLarge') return t('verification.tooLarge');
    if (message === 'tooManyRequests') return t('verification.tooMany', { count: KYC_UPLOADS_PER_DAY });
    return errorMessageText(message, t);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file || busy) return;
    setError(null);
    setDone(null);
    setUpload({ kind: 'reading' });
    const prepared = await prepareDocumentImage(file, () => setUpload({ kind: 'shrinking' })).catch(() => ({ ok: false as const, problem: 'invalidImage' as const }));
    if (!prepared.ok) {
      setUpload({ kind: 'idle' });
      setError(problemText(prepared.problem));
      return;
    }
    setUpload({ kind: 'uploading' });
    const reply = await callApi('kycUpload', { ...sessionCallPayload(), kind, content_type: prepared.contentType, data: prepared.data });
    if (reply.statusCode === STATUS.ok && 'document' in reply) {
      // "Uploaded" is said once the card shows the upload waiting for review, not before.
      await onUploaded(reply.document).catch(() => undefined);
      setUpload({ kind: 'idle' });
      setDone(t('verification.uploaded', { document: name }));
      return;
    }
    setUpload({ kind: 'idle' });
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    setError(problemText(reply.message));
  };

  return (
    <li className="player-card kyc-doc" data-testid={`kyc-${kind}`} data-status={status} aria-busy={busy}>
      <div className="kyc-doc__head">
        <span className="kyc-doc__icon" aria-hidden="true">
          <Icon name={KIND_ICONS[kind]} size={22} />
        </span>
        <h3 id={`${id}-title`} className="kyc-doc__title">
          {name}
        </h3>
        <StatusBadge status={status} label={t(`verification.status.${status}`)} />
      </div>
      <p className="kyc-doc__hint" id={`${id}-hint`}>
        {t(`verification.kinds.${kind}.hint`)}
      </p>
      {needed ? (
        <p className="kyc-doc__needed">
          <Icon name="wallet" size={16} />
          {t('verification.needed')}
        </p>
      ) : null}
      {latest ? (
        <p className="kyc-doc__meta">
          {t('verification.uploadedOn', { date: dates.format(new Date(latest.created_at)) })}
        </p>
      ) : null}
      {latest?.status === 'rejected' && latest.reason ? (
        <p className="kyc-doc__reason" data-testid="kyc-reason">
          {t('verification.reason', { reason: latest.reason })}
        </p>
      ) : null}
      {status === 'approved' ? (
        <p className="kyc-doc__meta">{t('verification.approvedNote')}</p>
      ) : (
        <div className={error ? 'field field--invalid kyc-upload' : 'field kyc-upload'}>
          {/* The button is the one control keyboards and screen readers meet; the input behind it only opens the file picker. */}
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            disabled={busy}
            onChange={(event) => void choose(event)}
          />
          <button
            type="button"
            id={`${id}-choose`}
            className="btn btn--primary kyc-upload__choose"
            aria-describedby={`${id}-title ${id}-file-hint`}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            <Icon name="upload" size={18} />
            {latest ? t('verification.uploadAgain') : t('verification.upload')}
          </button>
          {busy ? (
            <p className="kyc-upload__progress" role="status">
              <progress className="kyc-upload__bar" aria-label={name} />
              {upload.kind === 'shrinking' ? t('verification.shrinking') : t('verification.uploading')}
            </p>
          ) : error ? (
            <p className="field__error" role="alert" data-testid="kyc-upload-error">
              {error}
            </p>
          ) : done ? (
            <p className="kyc-upload__done" role="status">
              <Icon name="check" size={16} />
              {done}
            </p>
          ) : (
            <p className="field__hint" id={`${id}-file-hint`}>
              {t('verification.fileHint')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

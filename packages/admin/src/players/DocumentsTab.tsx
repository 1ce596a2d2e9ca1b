import { useState } from 'react';
import { dateTime, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import { KycDialog } from './KycDialog';
import type { PlayerData } from './PlayerPage';

type Document = PlayerData['documents'][number];

/** The player's identity documents, newest first; an operator with kyc.view opens one (its image) and one with kyc.decide reviews a pending one. */
export function DocumentsTab({ data, onChanged }: { data: PlayerData; onChanged: (notice: string) => Promise<void> }) {
  const mayView = useMay('kyc.view');
  const [open, setOpen] = useState<Document | null>(null);
  return (
    <section aria-labelledby="documents-title">
      <h2 id="documents-title">{t('players.tabs.documents')}</h2>
      <p className="note">{t('players.kycLevelIs', { level: t(`players.kycLevels.${data.profile.kyc_level}`) })}</p>
      <div className="table-wrap">
        <table className="data-table" data-testid="player-documents">
          <caption className="visually-hidden">{t('players.tabs.documents')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('players.documentKind')}</th>
              <th scope="col">{t('players.status')}</th>
              <th scope="col">{t('players.uploaded')}</th>
              <th scope="col">{t('players.reviewed')}</th>
              <th scope="col">{t('players.reviewReason')}</th>
              {mayView && (
                <th scope="col">
                  <span className="visually-hidden">{t('players.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.documents.map((document) => (
              <tr key={document.document_id}>
                <td>{t(`players.documentKinds.${document.kind}`)}</td>
                <td>
                  <span className={`tag kyc-${document.status}`}>{t(`players.documentStatuses.${document.status}`)}</span>
                </td>
                <td className="nowrap">{dateTime(document.created_at)}</td>
                <td>
                  {document.reviewed_at ? (
                    <>
                      <span className="nowrap">{dateTime(document.reviewed_at)}</span>
                      {document.reviewed_by && <span className="sub">{document.reviewed_by}</span>}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="player-wrap">{document.reason || '—'}</td>
                {mayView && (
                  <td>
                    <button type="button" onClick={() => setOpen(document)} aria-label={t(document.status === 'pending' ? 'players.reviewDocument' : 'players.viewDocument', { kind: t(`players.documentKinds.${document.kind}`), when: dateTime(document.created_at) })}>
                      {document.status === 'pending' ? t('players.review') : t('players.view')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
            {data.documents.length === 0 && (
              <tr>
                <td colSpan={mayView ? 6 : 5} className="empty">
                  {t('players.noDocuments')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {open && (
        <KycDialog
          documentId={open.document_id}
          onClose={() => setOpen(null)}
          onDecided={async (notice) => {
            setOpen(null);
            await onChanged(notice);
          }}
        />
      )}
    </section>
  );
}

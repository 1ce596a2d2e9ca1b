import type { OpsAuditReply } from '@wl/contracts';
import { t } from '../lib/i18n';

/*
 * One audit entry in full: who, what, when (to the millisecond, UTC), why, and its details (the
 * before and after, the filters of an export...). Everything is operator- or player-entered data,
 * shown as text only: values that are not plain text are pretty-printed JSON in a <pre>.
 */

type Entry = OpsAuditReply['value'][number];

function Value({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="audit-text">{value}</span>;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return <span className="mono">{String(value)}</span>;
  return <pre className="audit-json">{JSON.stringify(value, null, 2)}</pre>;
}

export function AuditDetails({ entry, siteName }: { entry: Entry; siteName: string }) {
  const details = Object.entries(entry.details);
  return (
    <div className="audit-details">
      <h2 className="visually-hidden">{t('audit.entry', { id: entry.audit_id })}</h2>
      <dl className="facts">
        <dt>{t('audit.time')}</dt>
        <dd className="mono">{entry.created_at}</dd>
        <dt>{t('audit.who')}</dt>
        <dd className="mono">{entry.actor}</dd>
        <dt>{t('audit.action')}</dt>
        <dd className="mono">{entry.action}</dd>
        <dt>{t('audit.target')}</dt>
        <dd>
          {entry.target_type} <span className="mono audit-break">{entry.target_id}</span>
        </dd>
        <dt>{t('audit.site')}</dt>
        <dd>{siteName}</dd>
        <dt>{t('audit.reason')}</dt>
        <dd className="audit-text">{entry.reason || t('audit.noReason')}</dd>
      </dl>
      <h3>{t('audit.details')}</h3>
      {details.length === 0 ? (
        <p className="note">{t('audit.noDetails')}</p>
      ) : (
        <dl className="facts audit-facts">
          {details.map(([key, value]) => (
            <div key={key} className="audit-fact">
              <dt className="mono">{key}</dt>
              <dd>
                <Value value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

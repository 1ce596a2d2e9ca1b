import { WrenchIcon } from '../shared/ui/icons';
import { DATE_LOCALES, type Maintenance, type Site } from '@wl/contracts';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';

function formatDate(iso: string | null, dateLocale: string): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
}

/** The maintenance layout: the only thing shown while the site's window is open (docs/product.md §2, §4). */
export function MaintenancePage({ site, maintenance }: { site: Site; maintenance: Maintenance }) {
  const { t } = useT();
  const { locale } = useLocale();
  const start = formatDate(maintenance.start_date, DATE_LOCALES[locale]);
  const end = formatDate(maintenance.end_date, DATE_LOCALES[locale]);
  return (
    <div className="frame frame--maintenance" data-layout="maintenance">
      <main id="main" className="status-page">
        <img src={site.logo1} alt={site.logo_text || site.site_name} height={48} className="status-page__logo" />
        <div className="status-page__icon">
          <WrenchIcon />
        </div>
        <h1>{t('maintenance.title')}</h1>
        <p>{t('maintenance.lead', { siteName: site.site_name })}</p>
        <dl className="maintenance-window">
          {start ? (
            <div>
              <dt>{t('maintenance.started')}</dt>
              <dd>
                <time dateTime={maintenance.start_date ?? undefined}>{start}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('maintenance.expectedEnd')}</dt>
            <dd>{end ? <time dateTime={maintenance.end_date ?? undefined}>{end}</time> : t('maintenance.untilFurtherNotice')}</dd>
          </div>
        </dl>
      </main>
    </div>
  );
}

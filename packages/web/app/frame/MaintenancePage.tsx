import { WrenchIcon } from './icons';
import type { Maintenance, Site } from '@wl/contracts';

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
}

/** The maintenance layout: the only thing shown while the site's window is open (spec §2, §4). */
export function MaintenancePage({ site, maintenance }: { site: Site; maintenance: Maintenance }) {
  const start = formatDate(maintenance.start_date);
  const end = formatDate(maintenance.end_date);
  return (
    <div className="frame frame--maintenance" data-layout="maintenance">
      <main id="main" className="status-page">
        <img src={site.logo1} alt={site.logo_text || site.site_name} height={48} className="status-page__logo" />
        <div className="status-page__icon">
          <WrenchIcon />
        </div>
        <h1>We’ll be back soon</h1>
        <p>{site.site_name} is undergoing scheduled maintenance. Your balance and account are safe.</p>
        <dl className="maintenance-window">
          {start ? (
            <div>
              <dt>Started</dt>
              <dd>
                <time dateTime={maintenance.start_date ?? undefined}>{start}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Expected end</dt>
            <dd>{end ? <time dateTime={maintenance.end_date ?? undefined}>{end}</time> : 'Until further notice'}</dd>
          </div>
        </dl>
      </main>
    </div>
  );
}

import type { Site } from '@wl/contracts';
import { useT } from '../i18n/use-t';

/**
 * The branded preloader: the site's logo, a spinner (still under prefers-reduced-motion) and a
 * "Loading…" status. As a screen it is the /preloader page; as an overlay it covers the page
 * during client startup, revealed by CSS only when startup lasts longer than ~300 ms.
 */
export function Preloader({ site, variant }: { site: Site; variant: 'screen' | 'overlay' }) {
  const { t } = useT();
  return (
    <div className={`preloader preloader--${variant}`} data-testid={`preloader-${variant}`}>
      {variant === 'screen' ? <h1 className="preloader__heading">{site.site_name}</h1> : null}
      <img className="preloader__logo" src={site.logo1} alt={site.logo_text || site.site_name} width={200} height={64} />
      <span className="preloader__spinner" aria-hidden="true" />
      <p className="preloader__status" role="status">
        {t('floating.loading')}
      </p>
    </div>
  );
}

import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { closeAppDownload, updateLayout, useLayout } from './layout-store';
import { appDownloadOffer } from './app-download';
import { useDevice } from './device';
import { CloseIcon, DownloadIcon } from './icons';
import { useT } from '../i18n/use-t';

/**
 * The app-download bar on phones when the site has an Android or iOS app (android_sub, ios_sub):
 * the site's icon and name and "Get the app" (the player's store page, or /download). Closing it
 * turns the app-download flags off for the visit; the download-bar flag says whether it shows.
 */
export function AppDownloadBar({ state }: { state: ReadySite }) {
  const { t } = useT();
  const flags = useLayout((layout) => layout.appDownload);
  const device = useDevice(state.template);
  const { path, to } = useLocale();
  const offer =
    device.phone && path !== '/download'
      ? appDownloadOffer({ site: state.site, flags, platform: device.platform, downloadPath: to('/download') })
      : null;
  const showing = offer !== null;

  useEffect(() => {
    updateLayout({ downloadBar: showing });
    return () => updateLayout({ downloadBar: false });
  }, [showing]);

  if (!offer) return null;
  const { site } = state;
  const action = (
    <>
      <DownloadIcon />
      <span>{t('floating.appBarAction')}</span>
    </>
  );
  return (
    <aside className="app-bar" aria-label={t('floating.appBarAction')}>
      <img className="app-bar__icon" src={site.manifest_icon || site.logo2} alt="" width={40} height={40} />
      <p className="app-bar__text">
        <strong className="app-bar__name">{site.site_name}</strong>
        <span className="app-bar__lead">{t('floating.appBarLead')}</span>
      </p>
      {offer.external ? (
        <a className="app-bar__action" href={offer.href} target="_blank" rel="noopener noreferrer">
          {action}
        </a>
      ) : (
        <Link className="app-bar__action" to={offer.href}>
          {action}
        </Link>
      )}
      <button type="button" className="app-bar__close" aria-label={t('floating.appBarClose')} onClick={closeAppDownload}>
        <CloseIcon />
      </button>
    </aside>
  );
}

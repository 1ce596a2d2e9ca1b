import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/download';
import { loadSiteState } from '../lib/site.server';
import { isWebAddress } from '../floating/app-download';
import { qrCodeOf, type QrCode } from '../qr/qr-code';
import { QrImage } from '../qr/QrImage';
import { DownloadIcon } from '../floating/icons';
import { Icon } from '../shared/ui/icons';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { useT } from '../i18n/use-t';
import '../styles/content.css';

export { screenMeta as meta } from '../seo/merge-meta';

type AppPlatform = 'android' | 'ios';

interface AppLink {
  platform: AppPlatform;
  href: string;
  qr: QrCode;
}

/** The site's apps (startup's android_sub and ios_sub, when they are web addresses), each with its QR code made here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return { apps: [] as AppLink[] };
  const links: [AppPlatform, string][] = [
    ['android', state.site.android_sub],
    ['ios', state.site.ios_sub],
  ];
  const apps: AppLink[] = links.filter(([, href]) => isWebAddress(href)).map(([platform, href]) => ({ platform, href: href.trim(), qr: qrCodeOf(href.trim()) }));
  return { apps };
}

/**
 * /download: the site's Android and iOS apps, each with a QR code to scan from a desktop and a
 * link to tap on a phone, and the web app's install button where the browser offers one.
 */
export default function DownloadPage() {
  const { apps } = useLoaderData<typeof loader>();
  const site = useReadySite();
  const { t } = useT();
  const siteName = site?.site.site_name ?? '';
  return (
    <section className="content-page download" aria-labelledby="download-title">
      <header className="content-page__head">
        <h1 id="download-title" className="screen__title content-page__title">
          {t('_m:download')}
        </h1>
        <p className="screen__lead">{t('download.lead', { siteName })}</p>
      </header>
      {apps.length ? (
        <ul className="download__apps">
          {apps.map((app) => (
            <li key={app.platform}>
              <AppCard app={app} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="content-page__card content-state__lead">{t('download.noApps')}</p>
      )}
      <WebAppCard siteName={siteName} />
    </section>
  );
}

function AppCard({ app }: { app: AppLink }) {
  const { t } = useT();
  const platform = app.platform === 'android' ? t('download.android') : t('download.ios');
  const titleId = `download-${app.platform}`;
  return (
    <section className="content-page__card download__app" aria-labelledby={titleId} data-testid="app-download" data-platform={app.platform}>
      <h2 id={titleId} className="download__platform">
        {platform}
      </h2>
      <figure className="download__qr">
        <QrImage qr={app.qr} label={t('download.qrLabel', { platform })} className="download__qr-image" testId="qr-code" />
        <figcaption>{t('download.scanHint')}</figcaption>
      </figure>
      <a className="btn btn--primary download__link" href={app.href} target="_blank" rel="noopener noreferrer">
        <DownloadIcon />
        <span>{app.platform === 'android' ? t('download.androidAction') : t('download.iosAction')}</span>
        <span className="visually-hidden"> {t('floating.newTab')}</span>
      </a>
    </section>
  );
}

/** The browser's install prompt (Chromium's beforeinstallprompt), kept from when this module loads. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: InstallPromptEvent | null = null;
const promptListeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The page offers its own button instead of the browser's mini bar.
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    for (const listener of promptListeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    for (const listener of promptListeners) listener();
  });
}

type InstallState = 'unavailable' | 'offered' | 'installed';

/** The install button shows only while the browser offers to install the site; otherwise a hint. */
function WebAppCard({ siteName }: { siteName: string }) {
  const { t } = useT();
  const [state, setState] = useState<InstallState>('unavailable');

  useEffect(() => {
    const update = () => setState((before) => (deferredPrompt ? 'offered' : before === 'offered' ? 'installed' : before));
    update();
    promptListeners.add(update);
    return () => {
      promptListeners.delete(update);
    };
  }, []);

  const install = async () => {
    const event = deferredPrompt;
    if (!event) return;
    deferredPrompt = null;
    await event.prompt();
    const choice = await event.userChoice;
    setState(choice.outcome === 'accepted' ? 'installed' : 'unavailable');
  };

  return (
    <section className="content-page__card download__webapp" aria-labelledby="webapp-title">
      <span className="content-state__icon">
        <Icon name="phone" size={28} />
      </span>
      <div className="download__webapp-text">
        <h2 id="webapp-title" className="download__platform">
          {t('download.webAppTitle')}
        </h2>
        <p>{t('download.webAppLead', { siteName })}</p>
        {state === 'offered' ? (
          <button type="button" className="btn btn--primary" data-testid="install-web-app" onClick={() => void install()}>
            <DownloadIcon />
            {t('download.install')}
          </button>
        ) : (
          <p className="download__hint" role="status">
            {state === 'installed' ? t('download.installed', { siteName }) : t('download.installHint')}
          </p>
        )}
      </div>
    </section>
  );
}

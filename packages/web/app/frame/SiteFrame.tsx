import type { ReactNode } from 'react';
import { Link, useMatches } from 'react-router';
import type { LayoutName } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { chooseLayout } from '../lib/layout';
import { SCREEN_LAYOUTS, isRoutePath } from '../lib/screens';
import { useLocale } from '../lib/use-locale';
import { ClientShell } from '../shell/ClientShell';
import { MobileTabBar, SideRail } from './Navigation';
import { Brand, SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { useT } from '../i18n/use-t';

export function SiteFrame({ state, children }: { state: ReadySite; children: ReactNode }) {
  const { path } = useLocale();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const routeLayout = leaf?.id === 'not-found' || !isRoutePath(path) ? undefined : SCREEN_LAYOUTS[path];
  const layout: LayoutName = chooseLayout({ path, routeLayout, template: state.template, maintenance: false });

  if (layout === 'minigame') return <MinigameLayout state={state}>{children}</MinigameLayout>;
  if (layout === 'default') return <DefaultLayout state={state}>{children}</DefaultLayout>;
  return (
    <TemplateLayout state={state} layout={layout} isHome={path === '/' && leaf?.id !== 'not-found'}>
      {children}
    </TemplateLayout>
  );
}

/**
 * A template's frame: the kit's header, navigation and footer in the variants its configuration
 * names. The data attributes drive app.css (one stylesheet for every template and colour).
 */
function TemplateLayout({ state, layout, isHome, children }: { state: ReadySite; layout: LayoutName; isHome: boolean; children: ReactNode }) {
  const { t } = useT();
  const { config } = state.look;
  return (
    <div
      className="frame"
      data-layout={layout}
      data-family={state.family}
      data-header={config.header}
      data-header-tone={config.headerTone}
      data-nav={config.desktopNav}
      data-mobile-nav={config.mobileNav}
      data-font-display={config.font.display}
      data-font-body={config.font.body}
      data-shape={config.shape}
      data-backdrop={config.backdrop}
      data-density={config.density}
      data-home={isHome ? '' : undefined}
    >
      <style>{state.look.breakpointCss}</style>
      <a className="skip-link" href="#main">
        {t('frame.skipLink')}
      </a>
      <SiteHeader state={state} config={config} />
      <div className="frame__body">
        {config.header === 'rail' ? <SideRail state={state} /> : null}
        <main id="main" className={isHome ? 'page page--home' : 'page'}>
          {children}
        </main>
        <SiteFooter state={state} variant={config.footer} />
      </div>
      {config.mobileNav === 'tabbar' ? <MobileTabBar state={state} /> : null}
      <ClientShell state={state} />
    </div>
  );
}

function MinigameLayout({ state, children }: { state: ReadySite; children: ReactNode }) {
  const { t } = useT();
  const { to } = useLocale();
  const { config } = state.look;
  return (
    <div className="frame frame--minigame" data-layout="minigame" data-font-display={config.font.display} data-font-body={config.font.body} data-shape={config.shape}>
      <header className="minigame-header">
        <Link to={to('/')} className="btn btn--ghost">
          {t('frame.backToSite', { siteName: state.site.site_name })}
        </Link>
      </header>
      <main id="main" className="page">
        {children}
      </main>
      <ClientShell state={state} />
    </div>
  );
}

function DefaultLayout({ state, children }: { state: ReadySite; children: ReactNode }) {
  const { config } = state.look;
  return (
    <div className="frame frame--default" data-layout="default" data-font-display={config.font.display} data-font-body={config.font.body} data-shape={config.shape}>
      <main id="main" className="page page--centered">
        <Brand state={state} />
        {children}
      </main>
      <ClientShell state={state} />
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link, NavLink, useMatches } from 'react-router';
import { templateBreakpoint, type LayoutName } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { chooseLayout } from '../lib/layout';
import { SCREEN_LAYOUTS, isRoutePath } from '../lib/screens';
import { useLocale } from '../lib/use-locale';

/** Mobile rules, switched at the template's own breakpoint (spec §9). */
function responsiveCss(breakpoint: number): string {
  return `@media (max-width:${breakpoint - 0.02}px){.main-nav{display:none}.mobile-nav{display:flex}.site-header__inner{gap:.5rem}.auth-actions .btn{min-height:36px;padding:.35rem .8rem;font-size:.85rem}.page{padding-bottom:5.5rem}}`;
}

export function SiteFrame({ state, children }: { state: ReadySite; children: ReactNode }) {
  const { path } = useLocale();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const routeLayout = leaf?.id === 'not-found' || !isRoutePath(path) ? undefined : SCREEN_LAYOUTS[path];
  const layout: LayoutName = chooseLayout({ path, routeLayout, template: state.template, maintenance: false });

  if (layout === 'minigame') return <MinigameLayout state={state}>{children}</MinigameLayout>;
  if (layout === 'default') return <DefaultLayout state={state}>{children}</DefaultLayout>;
  return (
    <TemplateLayout state={state} layout={layout}>
      {children}
    </TemplateLayout>
  );
}

function Brand({ state }: { state: ReadySite }) {
  const { to } = useLocale();
  return (
    <Link to={to('/')} className="brand" aria-label={`${state.site.site_name} home`}>
      <img src={state.site.logo1} alt={state.site.logo_text || state.site.site_name} height={40} />
    </Link>
  );
}

function TemplateLayout({ state, layout, children }: { state: ReadySite; layout: LayoutName; children: ReactNode }) {
  const { to } = useLocale();
  const breakpoint = templateBreakpoint(state.template);
  return (
    <div className="frame" data-layout={layout} data-family={state.family}>
      <style>{responsiveCss(breakpoint)}</style>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Brand state={state} />
          <nav className="main-nav" aria-label="Main">
            <div className="main-nav__links">
              {state.content.menu
                .filter((item) => !item.children.length)
                .map((item) => (
                  <NavLink key={item.content_id} to={to(item.path)} end={item.path === '/'} className="main-nav__link">
                    {item.title}
                  </NavLink>
                ))}
            </div>
            {state.content.menu
              .filter((item) => item.children.length)
              .map((item) => (
                <details key={item.content_id} className="nav-more">
                  <summary className="main-nav__link">{item.title}</summary>
                  <ul className="nav-more__list">
                    {item.children.map((entry) => (
                      <li key={entry.content_id}>
                        <NavLink to={to(entry.path)}>{entry.title}</NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              ))}
          </nav>
          <div className="auth-actions">
            <Link to={to('/login')} className="btn btn--ghost">
              Log in
            </Link>
            <Link to={to('/register')} className="btn btn--primary">
              Join now
            </Link>
          </div>
        </div>
        <CategoryStrip state={state} />
      </header>
      <main id="main" className="page">
        {children}
      </main>
      <SiteFooter state={state} />
      <nav className="mobile-nav" aria-label="Quick">
        {state.content.menu.filter((item) => !item.children.length).slice(0, 5).map((item) => (
          <NavLink key={item.content_id} to={to(item.path)} end={item.path === '/'} className="mobile-nav__link">
            {item.title}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

function CategoryStrip({ state }: { state: ReadySite }) {
  const { to } = useLocale();
  if (!state.content.game_menu.length) return null;
  return (
    <nav className="category-strip" aria-label="Games">
      <div className="category-strip__inner">
        {state.content.game_menu.map((item) => (
          <NavLink key={item.content_id} to={to(item.path)} className="category-strip__link">
            {item.title}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}

function SiteFooter({ state }: { state: ReadySite }) {
  const { to } = useLocale();
  const links = state.content.menu.flatMap((item) => (item.children.length ? item.children : []));
  const legal = [
    { path: '/term-condition', title: 'Terms & Conditions' },
    { path: '/privacy-policy', title: 'Privacy Policy' },
    { path: '/responsible-gaming', title: 'Responsible Gaming' },
    { path: '/banking', title: 'Banking' },
  ];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <img src={state.site.logo1} alt="" height={32} />
          <p>
            {state.site.site_name} · {state.site.currency}
          </p>
        </div>
        <nav className="site-footer__links" aria-label="Site">
          {[...links, ...legal].map((link) => (
            <Link key={link.path} to={to(link.path)}>
              {link.title}
            </Link>
          ))}
        </nav>
        <p className="site-footer__note">
          <span className="age-badge" aria-label="Adults only">
            18+
          </span>
          Play responsibly. © {new Date().getFullYear()} {state.site.site_name}.
        </p>
      </div>
    </footer>
  );
}

function MinigameLayout({ state, children }: { state: ReadySite; children: ReactNode }) {
  const { to } = useLocale();
  return (
    <div className="frame frame--minigame" data-layout="minigame">
      <header className="minigame-header">
        <Link to={to('/')} className="btn btn--ghost">
          ← {state.site.site_name}
        </Link>
      </header>
      <main id="main" className="page">
        {children}
      </main>
    </div>
  );
}

function DefaultLayout({ state, children }: { state: ReadySite; children: ReactNode }) {
  return (
    <div className="frame frame--default" data-layout="default">
      <main id="main" className="page page--centered">
        <Brand state={state} />
        {children}
      </main>
    </div>
  );
}

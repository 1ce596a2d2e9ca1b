import { Link } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import type { FooterVariant } from '../theme/templates';
import { orderedCategories, splitMenu } from './Navigation';
import type { RoutePath } from '@wl/contracts';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { LanguagePicker } from './LanguagePicker';

interface FooterLink {
  path: string;
  title: string;
}

/** The legal and help pages every footer links to (titles from the _m message set). */
const LEGAL_PATHS = ['/term-condition', '/privacy-policy', '/responsible-gaming', '/banking'] as const satisfies readonly RoutePath[];
const HELP_PATHS = ['/contact-us', '/faqs', '/download'] as const satisfies readonly RoutePath[];

function LinkList({ links, className = '' }: { links: readonly FooterLink[]; className?: string }) {
  const { to } = useLocale();
  return (
    <ul className={`footer-links ${className}`}>
      {links.map((link) => (
        <li key={link.path}>
          <Link to={to(link.path)}>{link.title}</Link>
        </li>
      ))}
    </ul>
  );
}

function AgeNote({ state }: { state: ReadySite }) {
  const { t } = useT();
  return (
    <div className="site-footer__base-row">
      <p className="site-footer__note">
        <span className="age-badge" role="img" aria-label={t('frame.adultsOnly')}>
          {state.site.minimum_age}+
        </span>
        <span>{t('frame.footerNote', { siteName: state.site.site_name, year: new Date().getFullYear() })}</span>
      </p>
      {/* Every footer offers the languages too: on phones the header has no room for them. */}
      <LanguagePicker languages={state.language} placement="footer" />
    </div>
  );
}

/** The site footer in the template's variant: link columns, one line, centred, or stacked bands. */
export function SiteFooter({ state, variant }: { state: ReadySite; variant: FooterVariant }) {
  const { t } = useT();
  const title = useScreenTitle();
  const { more } = splitMenu(state.content.menu);
  const pages = (paths: readonly RoutePath[]): FooterLink[] => paths.map((path) => ({ path, title: title(path) }));
  const legal = pages(LEGAL_PATHS);
  const help = pages(HELP_PATHS);
  const info: FooterLink[] = [...more.map((item) => ({ path: item.path, title: title(item.path, item.title) })), ...legal];
  const games: FooterLink[] = orderedCategories(state.content.game_menu, state.family).map((item) => ({ path: item.path, title: title(item.path, item.title) }));
  // The centred footer sits on the deep tone; the others on the surface.
  const logo = state.look.logos.footer;
  const unique = (links: FooterLink[]) => links.filter((link, index) => links.findIndex((other) => other.path === link.path) === index);

  if (variant === 'minimal') {
    return (
      <footer className="site-footer" data-footer="minimal">
        <div className="site-footer__inner">
          <img className="site-footer__mark" src={state.site.logo2} alt="" width={32} height={32} />
          <nav aria-label={t('frame.footerSite')}>
            <LinkList links={unique([...legal, ...help])} className="footer-links--inline" />
          </nav>
          <AgeNote state={state} />
        </div>
      </footer>
    );
  }

  if (variant === 'centered') {
    return (
      <footer className="site-footer" data-footer="centered">
        <div className="site-footer__inner">
          <img className="site-footer__logo" src={logo} alt={state.site.logo_text || state.site.site_name} width={230} height={40} />
          <nav aria-label={t('frame.footerGames')}>
            <LinkList links={games} className="footer-links--inline footer-links--games" />
          </nav>
          <nav aria-label={t('frame.footerSite')}>
            <LinkList links={unique([...info, ...help])} className="footer-links--inline" />
          </nav>
          <AgeNote state={state} />
        </div>
      </footer>
    );
  }

  if (variant === 'stacked') {
    return (
      <footer className="site-footer" data-footer="stacked">
        <div className="site-footer__band">
          <div className="site-footer__inner">
            <nav aria-label={t('frame.footerGames')}>
              <LinkList links={games} className="footer-links--chips" />
            </nav>
          </div>
        </div>
        <div className="site-footer__inner site-footer__inner--split">
          <div className="site-footer__brand">
            <img className="site-footer__logo" src={logo} alt={state.site.logo_text || state.site.site_name} width={230} height={40} />
            <p>{t('frame.footerAbout', { siteName: state.site.site_name, currency: state.site.currency, age: state.site.minimum_age })}</p>
          </div>
          <nav aria-label={t('frame.footerSite')}>
            <LinkList links={unique([...info, ...help])} className="footer-links--two-columns" />
          </nav>
        </div>
        <div className="site-footer__base">
          <div className="site-footer__inner">
            <AgeNote state={state} />
          </div>
        </div>
      </footer>
    );
  }

  return (
    <footer className="site-footer" data-footer="columns">
      <div className="site-footer__inner site-footer__inner--columns">
        <div className="site-footer__brand">
          <img className="site-footer__logo" src={logo} alt={state.site.logo_text || state.site.site_name} width={230} height={40} />
          <p>{t('frame.footerAbout', { siteName: state.site.site_name, currency: state.site.currency, age: state.site.minimum_age })}</p>
        </div>
        <nav className="site-footer__column" aria-label={t('frame.footerGames')}>
          <h2 className="site-footer__heading">{t('frame.footerGames')}</h2>
          <LinkList links={games.slice(0, 8)} />
        </nav>
        <nav className="site-footer__column" aria-label={t('frame.footerInfo')}>
          <h2 className="site-footer__heading">{t('frame.footerInfo')}</h2>
          <LinkList links={unique(info)} />
        </nav>
        <nav className="site-footer__column" aria-label={t('frame.footerHelp')}>
          <h2 className="site-footer__heading">{t('frame.footerHelp')}</h2>
          <LinkList links={help} />
        </nav>
      </div>
      <div className="site-footer__base">
        <div className="site-footer__inner">
          <AgeNote state={state} />
        </div>
      </div>
    </footer>
  );
}

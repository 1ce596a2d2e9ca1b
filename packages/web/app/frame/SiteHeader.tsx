import { Link } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import type { TemplateConfig } from '../theme/templates';
import { AccountActions } from '../shell/AccountActions';
import { LanguagePicker } from './LanguagePicker';
import { Icon } from '../shared/ui/icons';
import { CategoryNav, Drawer, MainNav, MobileChips } from './Navigation';
import { useT } from '../i18n/use-t';

/** The site's logo, linking home; `on` names the background it sits on (the page's by default). */
export function Brand({ state, className = '', on = 'page' }: { state: ReadySite; className?: string; on?: keyof ReadySite['look']['logos'] }) {
  const { t } = useT();
  const { to } = useLocale();
  const logo = state.look.logos[on];
  return (
    <Link to={to('/')} className={`brand ${className}`} aria-label={t('frame.homeLink', { siteName: state.site.site_name })}>
      {/* One image: the square mark on narrow phones, the full logo elsewhere. */}
      <picture>
        <source media="(max-width: 419.98px)" srcSet={state.site.logo2} width={40} height={40} />
        <img className="brand__logo" src={logo} alt={state.site.logo_text || state.site.site_name} width={230} height={40} />
      </picture>
    </Link>
  );
}

/** The slim bar above two-tier headers: support, currency, languages, the age notice. */
function UtilityBar({ state }: { state: ReadySite }) {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <div className="utility-bar desktop-only">
      <div className="utility-bar__inner">
        <Link to={to('/contact-us')} className="utility-bar__item">
          <Icon name="support" size={16} />
          {t('frame.support')}
        </Link>
        <span className="utility-bar__item">{t('frame.currency', { code: state.site.currency })}</span>
        <span className="utility-bar__item">{t('frame.languages', { count: state.language.length })}</span>
        <span className="utility-bar__item utility-bar__item--end">
          <Icon name="shield" size={16} />
          {t('frame.playResponsibly')} · {state.site.minimum_age}+
        </span>
      </div>
    </div>
  );
}

/** The centred header's left side on desktop: the way to support. */
function SupportLink() {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <Link to={to('/contact-us')} className="site-header__aside desktop-only">
      <Icon name="support" size={18} />
      {t('frame.support')}
    </Link>
  );
}

/**
 * The site header in the template's variant (templates.ts): the bar's arrangement, where the
 * navigation sits, and which phone navigation joins it (drawer button or chips).
 */
export function SiteHeader({ state, config }: { state: ReadySite; config: TemplateConfig }) {
  const { header, mobileNav, categoryNav } = config;
  // Compact headers keep their menu button at every width; other drawers are phone-only.
  const drawer =
    header === 'compact' ? (
      <Drawer state={state} />
    ) : mobileNav === 'drawer' ? (
      <Drawer state={state} className="mobile-nav mobile-only" />
    ) : null;
  const navInBar = header === 'classic' || header === 'two-tier' || header === 'overlay' || header === 'compact';
  return (
    <header className="site-header">
      {header === 'two-tier' ? <UtilityBar state={state} /> : null}
      <div className="site-header__bar">
        <div className="site-header__inner">
          {drawer}
          {header === 'centered' ? <SupportLink /> : null}
          <Brand state={state} on="header" />
          {navInBar ? <MainNav state={state} /> : null}
          <LanguagePicker languages={state.language} />
          <AccountActions state={state} />
        </div>
      </div>
      {header === 'centered' ? (
        <div className="site-header__row desktop-only">
          <MainNav state={state} className="main-nav--centered" />
        </div>
      ) : null}
      {categoryNav !== 'none' ? <CategoryNav state={state} variant={categoryNav} className="desktop-only" /> : null}
      {mobileNav === 'chips' ? <MobileChips state={state} /> : null}
    </header>
  );
}

import { Link } from 'react-router';
import type { MarqueeItem, MenuItem, Partner, Site, ThemeFamily } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { Icon } from '../shared/ui/icons';
import { orderedCategories } from '../frame/Navigation';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';

/** The site's scrolling news line (marquee); still and scrollable under reduced motion. */
export function Marquee({ items }: { items: MarqueeItem[] }) {
  const { t } = useT();
  return (
    <section className="home-section marquee ticker" aria-labelledby="marquee-title">
      <h2 id="marquee-title" className="ticker__title">
        <Icon name="promotions" size={18} />
        <span>{t('home.news')}</span>
      </h2>
      <div className="ticker__viewport">
        {[false, true].map((copy) => (
          <ul key={String(copy)} className={copy ? 'ticker__track ticker__track--copy' : 'ticker__track'} aria-hidden={copy ? true : undefined}>
            {items.map((item) => (
              <li key={item.id} className="ticker__item">
                <span className="ticker__text">{item.text}</span>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}

/** Every game category with its provider count: cards with providers, round icons, or image-like tiles. */
export function Categories({
  gameMenu,
  family,
  providerCount,
  variant,
}: {
  gameMenu: MenuItem[];
  family: ThemeFamily;
  providerCount: { category: string; count: number }[];
  variant: 'cards' | 'icons' | 'tiles';
}) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const { to } = useLocale();
  const categories = orderedCategories(gameMenu, family);
  if (!categories.length) return null;
  const countOf = (id: string) => providerCount.find((row) => row.category === id)?.count ?? 0;
  return (
    <section className={`home-section categories categories--${variant}`} aria-labelledby="categories-title">
      <div className="section-head">
        <h2 id="categories-title" className="section-title">
          {t('home.categories')}
        </h2>
      </div>
      <ul className="category-grid">
        {categories.map((item, index) => (
          <li key={item.content_id} className={index === 0 ? 'category-card category-card--lead' : 'category-card'} data-category={item.content_id}>
            <Link to={to(item.path)} className="category-card__link">
              <span className="category-card__icon">
                <Icon name={item.content_id} size={variant === 'icons' ? 28 : 26} />
              </span>
              <span className="category-card__title">{screenTitle(item.path, item.title)}</span>
              <span className="category-card__count">{t('home.providers', { count: countOf(item.content_id) })}</span>
              {variant === 'cards' ? (
                <span className="category-card__providers">
                  {item.children.slice(0, 4).map((provider) => (
                    <span key={provider.content_id} className="chip chip--small">
                      {provider.title}
                    </span>
                  ))}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The site's partners: logos linking to their sites. */
export function Partners({ partners }: { partners: Partner[] }) {
  const { t } = useT();
  return (
    <section className="home-section partners" aria-labelledby="partners-title">
      <div className="section-head">
        <h2 id="partners-title" className="section-title">
          {t('home.partners')}
        </h2>
      </div>
      <ul className="partners__list">
        {partners.map((partner) => (
          <li key={partner.href}>
            <a href={partner.href} target="_blank" rel="noopener noreferrer" className="partners__link">
              <img src={partner.img_url} alt={`${partner.partner_name} ${t('home.opensInNewTab')}`} width={240} height={80} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The app-download promotion, with the site's store links. */
export function AppPromo({ site }: { site: Site }) {
  const { t } = useT();
  const stores = [
    { href: site.android_sub, label: t('home.android') },
    { href: site.ios_sub, label: t('home.ios') },
  ].filter((store) => store.href);
  if (!stores.length) return null;
  return (
    <section className="home-section app-promo" aria-labelledby="app-promo-title">
      <div className="app-promo__phone" aria-hidden="true">
        <img src={site.logo2} alt="" width={72} height={72} loading="lazy" />
      </div>
      <div className="app-promo__text">
        <h2 id="app-promo-title" className="app-promo__title">
          {t('home.appTitle', { siteName: site.site_name })}
        </h2>
        <p>{t('home.appLead')}</p>
        <div className="app-promo__stores">
          {stores.map((store) => (
            <a key={store.label} href={store.href} className="btn btn--primary" target="_blank" rel="noopener noreferrer">
              <Icon name="phone" size={18} />
              {store.label}
            </a>
          ))}
        </div>
      </div>
    </section>
  );
}

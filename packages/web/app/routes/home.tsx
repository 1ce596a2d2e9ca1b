import { Link, useRouteLoaderData } from 'react-router';
import type { ThemeFamily, MenuItem } from '@wl/contracts';
import type { loader as rootLoader } from '../root';
import { useLocale } from '../lib/use-locale';

/** Spec/decisions §1: casino sites lead with live casino and slots, slot sites with games, sportsbooks with sports. */
const LEAD: Record<ThemeFamily, string[]> = {
  casino: ['livecasino', 'slots'],
  slot: ['slots', 'fish', 'arcade'],
  sportsbook: ['sportsbook', 'livecasino'],
};

function ordered(menu: MenuItem[], family: ThemeFamily): MenuItem[] {
  const lead = LEAD[family];
  const rank = (item: MenuItem) => {
    const index = lead.indexOf(item.content_id);
    return index === -1 ? lead.length : index;
  };
  return [...menu].sort((a, b) => rank(a) - rank(b));
}

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { to } = useLocale();
  if (root?.state.kind !== 'ready') return null;
  const { site, family, content, providerCount } = root.state;
  const categories = ordered(content.game_menu, family);
  const countOf = (id: string) => providerCount.find((row) => row.category === id)?.count ?? 0;
  const lead = categories[0];
  return (
    <div className="home" data-family={family}>
      <section className="hero">
        <div className="hero__text">
          <p className="hero__eyebrow">{site.currency} · {categories.length} game categories</p>
          <h1 className="hero__title">Welcome to {site.site_name}</h1>
          <div className="hero__actions">
            <Link to={to('/register')} className="btn btn--primary btn--large">
              Join now
            </Link>
            {lead ? (
              <Link to={to(lead.path)} className="btn btn--ghost btn--large">
                Explore {lead.title}
              </Link>
            ) : null}
          </div>
        </div>
        <img className="hero__mark" src={site.logo2} alt="" width={160} height={160} />
      </section>
      <section className="categories" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section-title">
          Games
        </h2>
        <ul className="category-grid">
          {categories.map((item, index) => (
            <li key={item.content_id} className={index === 0 ? 'category-card category-card--lead' : 'category-card'}>
              <Link to={to(item.path)} className="category-card__link">
                <span className="category-card__title">{item.title}</span>
                <span className="category-card__count">
                  {countOf(item.content_id)} {countOf(item.content_id) === 1 ? 'provider' : 'providers'}
                </span>
                <span className="category-card__providers">
                  {item.children.slice(0, 4).map((provider) => (
                    <span key={provider.content_id} className="chip chip--small">
                      {provider.title}
                    </span>
                  ))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

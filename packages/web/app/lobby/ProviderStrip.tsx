import { Link } from 'react-router';
import type { LobbyProvider } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';
import { formatCount } from '../shared/format/numbers';
import { lobbySearch, type LobbyQuery } from './lobbies';

/**
 * How many provider links show before "More providers": about two rows on a desktop, so a lobby
 * of every provider (/hot has some fifty) does not push the grid below the fold.
 */
const FIRST_PROVIDERS = 11;
/** Fewer extra providers than this are shown at once: a toggle would hide next to nothing. */
const LEAST_HIDDEN = 4;

/**
 * The lobby's providers as filter links: "All" and each provider that has a filter, with its
 * game count; the active one is marked. Providers without a filter (docs/product.md §9: EPW, WBET) get no
 * link: their games stay under "All". Each is a real link, so the filter works without JavaScript;
 * switching keeps the search and starts again at the first page. On wide screens the providers
 * after the first few wait behind a native disclosure (also without JavaScript), open when one of
 * them is active; phones scroll through them all in one row.
 */
export function ProviderStrip({ providers, query }: { providers: LobbyProvider[]; query: LobbyQuery }) {
  const { t } = useT();
  const { path, to } = useLocale();
  const all = providers.reduce((sum, provider) => sum + provider.count, 0);
  const filters = providers.filter((provider) => provider.filterable && provider.count > 0);
  if (!filters.length) return null;
  const shownFirst = filters.length - FIRST_PROVIDERS >= LEAST_HIDDEN ? FIRST_PROVIDERS : filters.length;
  // Active beyond the first few: the list starts open, so the active link shows.
  const open = filters.slice(shownFirst).some((provider) => provider.slug === query.provider);

  const chip = (slug: string, name: string, count: number, extra = false) => (
    <li key={slug || 'all'} className={extra ? 'provider-strip__extra' : undefined}>
      <Link
        to={`${to(path)}${lobbySearch({ provider: slug, q: query.q })}`}
        className="provider-chip"
        aria-current={query.provider === slug ? 'true' : undefined}
        data-slug={slug}
        preventScrollReset
      >
        <span className="provider-chip__name">{name}</span>
        <span className="provider-chip__count">{formatCount(count)}</span>
      </Link>
    </li>
  );

  return (
    <nav className="provider-strip" aria-label={t('lobby.providers')}>
      <ul className="provider-strip__list">
        {chip('', t('lobby.allProviders'), all)}
        {filters.map((provider, index) => chip(provider.slug, provider.name, provider.count, index >= shownFirst))}
      </ul>
      {filters.length > shownFirst ? (
        // A native disclosure (no JavaScript needed): lobby.css shows the extra links while it is open.
        <details className="provider-strip__toggle" open={open}>
          <summary className="provider-chip">
            <span className="provider-strip__when-closed">{t('lobby.moreProviders')}</span>
            <span className="provider-strip__when-open">{t('lobby.fewerProviders')}</span>
            <span className="provider-chip__count">{formatCount(filters.length - shownFirst)}</span>
          </summary>
        </details>
      ) : null}
    </nav>
  );
}

import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/screen';
import { categoryOfRoute } from '../lib/screens';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useLocale } from '../lib/use-locale';
import type { loader as rootLoader } from '../root';
import { parentMeta } from '../seo/merge-meta';

/** A screen of spec §2 inside the site frame. Each screen's contents arrive with its own issue. */
/** The locale route's page head (the SEO record, else this screen's title), unchanged. */
export const meta: Route.MetaFunction = ({ matches }) => parentMeta(matches);

export default function Screen() {
  const { path, to } = useLocale();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { t } = useT();
  const screenTitle = useScreenTitle();
  const title = screenTitle(path);
  const category = categoryOfRoute(path);
  const state = root?.state.kind === 'ready' ? root.state : null;
  const menu = category && state ? state.content.game_menu.find((item) => item.content_id === category) : undefined;
  return (
    <section className="screen">
      <h1 className="screen__title">{title}</h1>
      {menu ? (
        <>
          <p className="screen__lead">
            {t('screen.providersLead', { count: menu.children.length, category: screenTitle(menu.path, menu.title), siteName: state?.site.site_name ?? '' })}
          </p>
          <ul className="provider-chips">
            {menu.children.map((provider) => (
              <li key={provider.content_id}>
                <Link to={to(provider.path)} className="chip">
                  {provider.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

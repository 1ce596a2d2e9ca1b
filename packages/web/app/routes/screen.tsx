import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/screen';
import { SCREEN_TITLES, categoryOfRoute, isRoutePath } from '../lib/screens';
import { useLocale } from '../lib/use-locale';
import type { loader as rootLoader } from '../root';

/** A screen of spec §2 inside the site frame. Each screen's contents arrive with its own issue. */
export const meta: Route.MetaFunction = ({ location, matches }) => {
  const path = location.pathname.replace(/^\/[a-z]+(?=\/)/, '');
  const title = isRoutePath(path) ? SCREEN_TITLES[path] : '';
  const root = matches.find((match) => match?.id === 'root')?.data as { state?: { kind: string; site?: { site_name: string } } } | undefined;
  const siteName = root?.state?.site?.site_name ?? '';
  // Under maintenance every path is the maintenance page: keep the site's own title.
  if (root?.state?.kind !== 'ready') return [{ title: siteName }];
  return [{ title: `${title} · ${siteName}` }];
};

export default function Screen() {
  const { path, to } = useLocale();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const title = isRoutePath(path) ? SCREEN_TITLES[path] : '';
  const category = categoryOfRoute(path);
  const state = root?.state.kind === 'ready' ? root.state : null;
  const menu = category && state ? state.content.game_menu.find((item) => item.content_id === category) : undefined;
  return (
    <section className="screen">
      <h1 className="screen__title">{title}</h1>
      {menu ? (
        <>
          <p className="screen__lead">
            {menu.children.length} providers offer {menu.title.toLowerCase()} games on {state?.site.site_name}.
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

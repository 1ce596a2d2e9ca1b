import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/preloader';
import type { loader as rootLoader } from '../root';
import { Preloader } from '../floating/Preloader';
import { SCREEN_TITLES } from '../lib/screens';

/** /preloader: the site's branded loading screen (the 'default' layout, spec §2). */
export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { state?: { kind: string; site?: { site_name: string } } } | undefined;
  const siteName = root?.state?.site?.site_name ?? '';
  // Under maintenance every path is the maintenance page: keep the site's own title.
  if (root?.state?.kind !== 'ready') return [{ title: siteName }];
  return [{ title: `${SCREEN_TITLES['/preloader']} · ${siteName}` }];
};

export default function PreloaderRoute() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (root?.state.kind !== 'ready') return null;
  return <Preloader site={root.state.site} variant="screen" />;
}

import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/preloader';
import type { loader as rootLoader } from '../root';
import { Preloader } from '../floating/Preloader';
import { parentMeta } from '../seo/merge-meta';

/** /preloader: the site's branded loading screen (the 'default' layout, docs/product.md §2). */
/** The locale route's page head (the SEO record, else this screen's title), unchanged. */
export const meta: Route.MetaFunction = ({ matches }) => parentMeta(matches);

export default function PreloaderRoute() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (root?.state.kind !== 'ready') return null;
  return <Preloader site={root.state.site} variant="screen" />;
}

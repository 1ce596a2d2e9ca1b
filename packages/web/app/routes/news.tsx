import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/news';
import { loadPromotionsPage } from '../promotions/promotions-data.server';
import { PromotionsScreen } from '../promotions/PromotionsScreen';
import { promotionsMeta } from '../promotions/meta';
import '../styles/player.css';
import '../styles/content.css';
import '../styles/promotions.css';

/** The locale route's head; a detail view titled by its item (promotions/meta.ts). */
export const meta: Route.MetaFunction = ({ data: page, matches, location }) =>
  promotionsMeta({ data: page, matches, pathname: location.pathname });

/**
 * /news: the site's published news (?category=, ?page=) or one item (?id=), loaded
 * in the web server in the visitor's language; an unknown id answers HTTP 404 with a friendly page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadPromotionsPage(request, context, 'news');
  return data(page, { status: page?.view === 'missing' ? 404 : 200 });
}

export default function NewsRoute() {
  return <PromotionsScreen data={useLoaderData<typeof loader>()} />;
}

import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/promotions';
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
 * /promotions: the site's running promotions (?category=, ?page=) or one of them (?id=), loaded
 * in the web server in the visitor's language; an unknown id answers HTTP 404 with a friendly page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await loadPromotionsPage(request, context, 'promotion');
  return data(page, { status: page?.view === 'missing' ? 404 : 200 });
}

export default function PromotionsRoute() {
  return <PromotionsScreen data={useLoaderData<typeof loader>()} />;
}

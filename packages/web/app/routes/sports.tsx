import { useLoaderData, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/sports';
import { loadSiteState } from '../lib/site.server';
import { loadSportsData } from '../sports/sports-data.server';
import { EMPTY_SPORTS_DATA } from '../sports/sports-data';
import { SportsBoard } from '../sports/SportsBoard';
import '../styles/sports.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The matches, odds and sportsbooks, server-rendered; nothing under maintenance or failure. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return EMPTY_SPORTS_DATA;
  return loadSportsData(request, context, state);
}

/** The sport filter (?sport=) narrows what is loaded already: only another page or a form reloads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || (formMethod ? defaultShouldRevalidate : false);

export default function SportsPage() {
  return <SportsBoard data={useLoaderData<typeof loader>()} />;
}

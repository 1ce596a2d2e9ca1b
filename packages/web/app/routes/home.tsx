import { useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home';
import type { loader as rootLoader } from '../root';
import { loadSiteState } from '../lib/site.server';
import { loadHomeData } from '../home/home-data.server';
import { EMPTY_HOME_DATA } from '../home/home-data';
import { HomeView } from '../home/HomeView';
import { HOME_COMPOSITIONS } from '../home/compositions.server';

/** The template's composition and only what it shows, in parallel; nothing under maintenance or failure. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return EMPTY_HOME_DATA;
  return loadHomeData(request, context, state, HOME_COMPOSITIONS[state.template]);
}

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const data = useLoaderData<typeof loader>();
  if (root?.state.kind !== 'ready') return null;
  return <HomeView state={root.state} data={data} />;
}

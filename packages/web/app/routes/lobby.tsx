import { useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/lobby';
import type { loader as rootLoader } from '../root';
import { loadSiteState } from '../lib/site.server';
import { splitLocale } from '../lib/locale';
import { lobbyCategoryOf, parseLobbyQuery } from '../lobby/lobbies';
import { loadLobbyData } from '../lobby/lobby-data.server';
import { LobbyView } from '../lobby/LobbyView';
import '../styles/lobby.css';

/** The locale route's page head (the SEO record, else the lobby's title), as every screen's. */
export { screenMeta as meta } from '../seo/merge-meta';

/** The lobby of the URL's path, narrowed by its query (?provider, ?q, ?page); nothing unless the site is ready. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadSiteState(request, context);
  const url = new URL(request.url);
  const category = lobbyCategoryOf(splitLocale(url.pathname).path);
  if (state.kind !== 'ready' || !category) return null;
  return loadLobbyData(request, context, state, category, parseLobbyQuery(url.searchParams));
}

/** One module for the twelve game lobbies (/casino, /slots, ..., /hot). */
export default function Lobby() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const data = useLoaderData<typeof loader>();
  if (root?.state.kind !== 'ready' || !data) return null;
  return <LobbyView state={root.state} data={data} />;
}

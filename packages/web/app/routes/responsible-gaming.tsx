import { useLoaderData } from 'react-router';
import type { Route } from './+types/responsible-gaming';
import { loadContentPage } from '../content/content-page.server';
import { ContentArticle } from '../content/ContentArticle';
import { Limits } from '../responsible/Limits';
import { TakeABreak } from '../responsible/TakeABreak';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/content.css';
import '../styles/account.css';
import '../styles/responsible.css';

export { screenMeta as meta } from '../seo/merge-meta';

/**
 * /responsible-gaming: the operator's responsible-gaming page (a CMS page every visitor reads, linked
 * from every footer: docs/product.md §2) with, above its text, the player's own tools: deposit,
 * loss and wager limits first (the milder step), then the time-out and self-exclusion (ADR 0039).
 * A guest sees what the tools do and is asked to log in; the page itself stays open to guests, as
 * the operator's text must.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadContentPage(request, context) };
}

/**
 * The player's limits and reality-check interval over the server's page, loaded in the browser
 * where the session lives (ADR 0058). No HydrateFallback: the server renders the operator's text,
 * and the tools say they are loading until this has answered.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const [server, limits, realityCheck] = await Promise.all([serverLoader(), sessionLoader('responsibleStatus', {}, { signal }), sessionLoader('realityCheck', {}, { signal })]);
  return { ...server, limits, realityCheck };
}
clientLoader.hydrate = true as const;

export default function ResponsibleGamingPage() {
  const data = useLoaderData<typeof clientLoader>();
  useRevalidateOnPlayerChange();
  // The server's render has no player data yet (it arrives with the clientLoader).
  const player = 'limits' in data ? data : null;
  return (
    <ContentArticle data={data.page}>
      <Limits status={player?.limits ?? null} realityCheck={player?.realityCheck ?? null} />
      <TakeABreak />
    </ContentArticle>
  );
}

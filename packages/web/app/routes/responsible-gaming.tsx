import { useLoaderData } from 'react-router';
import type { Route } from './+types/responsible-gaming';
import { loadContentPage } from '../content/content-page.server';
import { ContentArticle } from '../content/ContentArticle';
import { Limits } from '../responsible/Limits';
import { TakeABreak } from '../responsible/TakeABreak';
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

export default function ResponsibleGamingPage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentArticle data={page}>
      <Limits />
      <TakeABreak />
    </ContentArticle>
  );
}

import { useLoaderData } from 'react-router';
import type { Route } from './+types/content-page';
import { loadContentPage } from '../content/content-page.server';
import { ContentArticle } from '../content/ContentArticle';
import { loadBankingFacts } from '../banking/banking-info.server';
import { BankingFacts } from '../banking/BankingFacts';
import '../styles/content.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

/**
 * The content pages (/about, /privacy-policy, /banking, /faqs, /term-condition): the site's CMS
 * page in the player's language, else in English (cms-body.ts), sanitised on the server; /faqs as
 * an accordion of questions; a friendly empty state when the page has nothing to show. /banking
 * adds the site's methods, limits and banks under its text. /responsible-gaming has a module of
 * its own (routes/responsible-gaming.tsx), the same page with the player's tools above the text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, banking] = await Promise.all([loadContentPage(request, context), loadBankingFacts(request, context)]);
  return { page, banking };
}

export default function ContentPage() {
  const { page, banking } = useLoaderData<typeof loader>();
  return <ContentArticle data={page} after={banking ? <BankingFacts info={banking} /> : undefined} />;
}

import type { AppLoadContext } from 'react-router';
import type { BankingInfoReply } from '@wl/contracts';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { splitLocale } from '../lib/locale';
import { loadSiteState } from '../lib/site.server';

/**
 * The site's banking facts for the /banking page (banking_info: methods, limits, banks), rendered
 * on the server for everybody; null on any other page, and when the site has no banking or the
 * call failed (the page's CMS text still shows).
 */
export async function loadBankingFacts(request: Request, context: AppLoadContext): Promise<BankingInfoReply | null> {
  if (splitLocale(new URL(request.url).pathname).path !== '/banking') return null;
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return null;
  return settledReply('banking_info', context.api.call('bankingInfo', sitePayloadOf(request, state)));
}

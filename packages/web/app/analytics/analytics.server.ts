import type { AppLoadContext } from 'react-router';
import { isSuccessReply, normaliseDomain } from '@wl/contracts';
import { NO_ANALYTICS, type PageAnalytics } from './script-tags';
import { pageAnalyticsOf } from './snippets.server';

/**
 * The site's analytics scripts (get_analytics names its site by domain only, like startup, so the
 * root loader calls it alongside startup). A failed call leaves the scripts out: analytics never
 * stand in the way of the page.
 */
export async function loadAnalytics(request: Request, context: AppLoadContext): Promise<PageAnalytics> {
  try {
    const reply = await context.api.call('getAnalytics', { domain_name: normaliseDomain(new URL(request.url).host) });
    return isSuccessReply(reply) && 'value' in reply ? pageAnalyticsOf(reply.value) : NO_ANALYTICS;
  } catch (error) {
    console.error('get_analytics failed', error);
    return NO_ANALYTICS;
  }
}

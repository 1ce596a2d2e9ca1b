import type { AppLoadContext } from 'react-router';
import { loadSiteState } from '../lib/site.server';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import { hasText } from '../content/cms-body';
import { sanitizeBody } from '../content/sanitize.server';

/** The referral programme text of /referral: sanitised HTML, none (the site has no programme), or a failed call. */
export type ReferralText = { kind: 'text'; html: string } | { kind: 'none' } | { kind: 'failed' };

/**
 * The site's programme text (setting_value of /api/home/referral), sanitised again here like the
 * CMS pages (content/sanitize.server.ts: the API sanitises too) so the browser renders only what
 * this server let through.
 */
export async function loadReferralText(request: Request, context: AppLoadContext): Promise<ReferralText> {
  const state = await loadSiteState(request, context);
  if (state.kind !== 'ready') return { kind: 'none' };
  const reply = await settledReply('referral', context.api.call('referral', sitePayloadOf(request, state)));
  if (!reply) return { kind: 'failed' };
  const html = sanitizeBody(reply.setting_value);
  return hasText(html) ? { kind: 'text', html } : { kind: 'none' };
}

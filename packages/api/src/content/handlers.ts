import type { CallHandlers } from '../http/calls.js';
import { adsHandlers } from './ads.js';
import { analyticsHandlers } from './analytics.js';
import { homeContentHandlers } from './home-content.js';
import { hotGameHandlers } from './hot-games.js';
import { oddsHandlers } from './odds.js';
import { seoHandlers } from './seo.js';
import { siteInfoHandlers } from './site-info.js';

/** Site content calls: slides, announcements, marquee, referral text, social, CMS, analytics, ads, partners, SEO, odds, hot games. */
export const contentHandlers: CallHandlers = {
  ...homeContentHandlers,
  ...siteInfoHandlers,
  ...analyticsHandlers,
  ...adsHandlers,
  ...seoHandlers,
  ...oddsHandlers,
  ...hotGameHandlers,
};

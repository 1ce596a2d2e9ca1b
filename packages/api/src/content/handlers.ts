import type { CallHandlers } from '../http/calls.js';

/** Site content calls: slides, announcements, marquee, referral text, social, CMS, analytics, ads, partners, SEO, odds, hot games. */
export const contentHandlers: CallHandlers = {};

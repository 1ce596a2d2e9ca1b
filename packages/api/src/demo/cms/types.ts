import type { CmsPageName } from '@wl/contracts';

/**
 * The demo text of every CMS page in one language: HTML with {site} and {currency} where the
 * site's name and currency go.
 */
export type CmsTexts = Record<CmsPageName, string>;

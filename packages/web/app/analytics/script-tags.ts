/** One script element of an operator's analytics snippet, as the page renders it. */
export interface ScriptTag {
  src?: string;
  type?: string;
  id?: string;
  async?: boolean;
  defer?: boolean;
  crossOrigin?: 'anonymous' | 'use-credentials';
  /** Subresource integrity of a script from a CDN: kept, or the browser would skip the check. */
  integrity?: string;
  /** data-* attributes, which some loaders read from their own element (e.g. data-domain). */
  data?: Record<string, string>;
  /** Inline code (a script with a src has none: the browser would ignore it). */
  code?: string;
}

/** A site's analytics scripts by where they go: the end of <head> or the end of <body>. */
export interface PageAnalytics {
  head: ScriptTag[];
  body: ScriptTag[];
}

export const NO_ANALYTICS: PageAnalytics = { head: [], body: [] };

import type { AppLoadContext } from 'react-router';

/**
 * The Content-Security-Policy of every HTML document. Scripts run only when they carry this
 * response's nonce; 'strict-dynamic' lets a trusted script load others (analytics loaders and the
 * LiveChat widget add their scripts from other origins), and host lists and 'unsafe-inline' are
 * then ignored, so no inline script or event-handler attribute runs without the nonce.
 */

/** 128 random bits per response, as CSP Level 3 recommends at the least. */
const NONCE_BYTES = 16;

const nonces = new WeakMap<AppLoadContext, string>();

/**
 * This request's nonce. The server hands the root loader and entry.server the same load context
 * object, so whichever asks first makes the nonce and the other gets the same one.
 */
export function requestNonce(context: AppLoadContext): string {
  let nonce = nonces.get(context);
  if (!nonce) {
    // Web Crypto's generator (global in Node as in browsers): a CSPRNG.
    nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(NONCE_BYTES))));
    nonces.set(context, nonce);
  }
  return nonce;
}

export interface PolicyOptions {
  /** The document is served over HTTPS: plain-http subresources are upgraded. */
  https: boolean;
  /** Vite's development server: its hot-reload socket is a ws: connection. */
  development: boolean;
  /**
   * Origins of the configured game providers (RequestContext.gameFrameOrigins), which /playnow
   * frames. Any https: origin may be framed already; a provider on plain http (a test or staging
   * integration) is allowed by its exact origin only.
   */
  gameFrameOrigins?: readonly string[];
}

/** scheme://host[:port] and nothing else: a value that could end the directive or add a source is dropped. */
const HTTP_ORIGIN = /^http:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/** The plain-http game origins to name in frame-src (https: ones are allowed by scheme). */
export function plainHttpFrameOrigins(origins: readonly string[] = []): string[] {
  return [...new Set(origins.map((origin) => origin.trim().replace(/\/$/, '')).filter((origin) => HTTP_ORIGIN.test(origin)))];
}

/**
 * The policy for one document. Other sources follow what a gaming site loads from elsewhere: an
 * operator's analytics (beacons, pixels, fonts), the LiveChat widget (its script, frame and socket),
 * game providers' frames, and site images and logos that may be absolute https addresses.
 */
export function contentSecurityPolicy(nonce: string, options: PolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', `'nonce-${nonce}'`, "'strict-dynamic'"],
    // The templates' palettes and layouts are inline style attributes and <style> elements.
    ['style-src', "'self'", "'unsafe-inline'", 'https:'],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['font-src', "'self'", 'data:', 'https:'],
    ['media-src', "'self'", 'data:', 'blob:', 'https:'],
    ['connect-src', "'self'", 'https:', 'wss:', ...(options.development ? ['ws:'] : [])],
    ['frame-src', "'self'", 'https:', ...plainHttpFrameOrigins(options.gameFrameOrigins)],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    // As X-Frame-Options SAMEORIGIN on every response: no other site may frame the site.
    ['frame-ancestors', "'self'"],
  ];
  if (options.https) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

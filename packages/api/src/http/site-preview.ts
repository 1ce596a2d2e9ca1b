import type { FastifyRequest } from 'fastify';
import { domainName } from '@wl/contracts';
import type { SiteLookup } from '../sites/index.js';

/*
 * The back office's live preview of a site (issue 26 §2 Sites, ADR 0049): the site editor frames
 * the site's real home page. Two origins have to agree, and each names the other exactly, never a
 * wildcard: the editor's page lets itself frame the origin of the one site it edits (frame-src),
 * and a site's pages let the back office's hosts frame them (frame-ancestors). Everything else
 * keeps the defaults: the console is never framed, a site is framed by itself only.
 */

/** The port the request came to, as ":3000", or "" for the scheme's own. */
function portOf(request: FastifyRequest): string {
  const match = /:(\d{1,5})$/.exec(request.host);
  return match ? `:${match[1]}` : '';
}

/** scheme://host[:port] of a host name on this server, as the browser that made the request sees it. */
const originOn = (request: FastifyRequest, host: string): string => `${request.protocol}://${host}${portOf(request)}`;

/** The hosts the back office is reached at when ADMIN_HOSTS is unset: the demo's (http://localhost:3000/admin). */
const DEMO_CONSOLE_HOSTS = ['localhost', '127.0.0.1'];

/**
 * The origins that may frame a site's page: the back office's hosts (ADMIN_HOSTS) on the scheme
 * and port of the request. ADMIN_HOSTS unset (the demo, every host serves the console) allows the
 * demo's console at localhost to frame the demo's *.localhost sites, and nothing else: production
 * names its console host (ADR 0045).
 */
export function consoleFrameOrigins(request: FastifyRequest, adminHosts: readonly string[] | null | undefined): string[] {
  const host = request.hostname.toLowerCase();
  const hosts = adminHosts ?? (host.endsWith('.localhost') ? DEMO_CONSOLE_HOSTS : []);
  return hosts.filter((admin) => admin !== host && /^[a-z0-9.-]+$/.test(admin)).map((admin) => originOn(request, admin));
}

/** A page's policy with the given origins added to its frame-ancestors (a policy without the directive is left as it is). */
export function withFrameAncestors(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      if (!/^frame-ancestors(\s|$)/i.test(directive)) return directive;
      const sources = directive.split(/\s+/).slice(1).filter((source) => source !== "'none'");
      return `frame-ancestors ${[...new Set([...sources, ...origins])].join(' ')}`;
    })
    .join('; ');
}

/**
 * The site origin the editor at this path may frame: /admin/sites/<domain> of a known site answers
 * that domain's origin on this server; any other path, nothing.
 */
export async function previewFrameSource(request: FastifyRequest, sites: SiteLookup | null): Promise<string | null> {
  if (!sites) return null;
  const path = request.url.split('?')[0]!;
  const match = /^\/admin\/sites\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  let domain: string;
  try {
    domain = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return null;
  }
  if (domain === 'new' || !domainName.safeParse(domain).success) return null;
  const site = await sites.siteByDomain(domain);
  return site ? originOn(request, domain) : null;
}

import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { LOCALE_COOKIE, VIEWPORT_COOKIE } from '@wl/contracts';

/*
 * The rendered pages of the last few seconds, served again without rendering (ADR 0061).
 *
 * The server renders the same page for every visitor of a site: players' sessions live in the
 * browser, so the HTML of /slots is the guest's for everyone, and what differs (balance, name) is
 * drawn after hydration. Rendering a home page takes tens of milliseconds of the one JavaScript
 * thread; a page asked for again within PAGE_CACHE_TTL_MS (5 s by default) is the stored copy,
 * with a fresh Content-Security-Policy nonce written over the stored one (a nonce is good for one
 * response only).
 *
 * A page is stored only when nothing about it can be someone else's or broken: a GET answered 200
 * as HTML, with no cookie set and the renderer's default cache policy, rendered to its end (no
 * abort, no render error) and with every API call of its loaders answered OK. It is keyed on
 * everything the render reads from the request: scheme, host, path and query, user agent (the
 * device), the locale and viewport cookies, Accept-Language and whether HTML is accepted (the
 * root's language redirect). A change made through this process (an operator call) empties the
 * cache at once; a site change made anywhere empties it by the site cache's notification; the
 * TTL bounds the rest (content edited by another process shows there within the TTL).
 */

/** How long a page is served again by default (PAGE_CACHE_TTL_MS; 0 switches the cache off). */
export const PAGE_CACHE_TTL_MS = 5_000;
/** The memory the stored pages may take. */
const MAX_BYTES = 32 * 1024 * 1024;
/** A page larger than this is never stored (an outlier must not evict the rest). */
const MAX_PAGE_BYTES = 1024 * 1024;
const NONCE_BYTES = 16;
/** The header saying how a page was served: `hit` (the stored copy) or `miss` (rendered). */
export const PAGE_CACHE_HEADER = 'x-page-cache';

export interface StoredPage {
  status: number;
  /** Response headers, the Content-Security-Policy included, all carrying `nonce`. */
  headers: [string, string][];
  /** The page's bytes, as sent (UTF-8): a copy is patched and written out, nothing is encoded again. */
  body: Buffer;
  nonce: string;
  /** Where the nonce stands in `body`, in bytes (a nonce is base64: one byte a character). */
  nonceAt: number[];
}

/** A stored page of a rendered one: its body's bytes and where its nonce stands in them. */
export function storedPage(status: number, headers: [string, string][], body: Buffer, nonce: string): StoredPage {
  const needle = Buffer.from(nonce, 'latin1');
  const nonceAt: number[] = [];
  for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, at + needle.length)) nonceAt.push(at);
  return { status, headers, body, nonce, nonceAt };
}

/** The cookies a render reads (device/viewport.ts, i18n/root-redirect.server.ts): part of the key. */
const KEY_COOKIES: readonly string[] = [LOCALE_COOKIE.name, VIEWPORT_COOKIE.name];

function cookieValues(header: string | undefined): string {
  if (!header) return '';
  const wanted: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (KEY_COOKIES.includes(name)) wanted.push(`${name}=${part.slice(at + 1).trim()}`);
  }
  return wanted.sort().join(';');
}

/** The key of a request whose page may be served from the cache, or null when it may not. */
export function pageKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET') return null;
  // React Router's data requests, resource routes and anything authorised by header are left alone.
  if (request.headers.authorization !== undefined) return null;
  const path = request.url;
  if (path.includes('.data') || path.startsWith('/api/')) return null;
  const accept = request.headers.accept ?? '';
  return [
    request.protocol,
    request.host.toLowerCase(),
    path,
    request.headers['user-agent'] ?? '',
    cookieValues(request.headers.cookie),
    request.headers['accept-language'] ?? '',
    accept.includes('text/html') ? 'html' : '',
  ].join('\n');
}

/** The nonce a page was rendered with, read from its policy; null when it has none. */
export function nonceOfPolicy(policy: string | null): string | null {
  const match = policy ? /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy) : null;
  return match?.[1] ?? null;
}

export class PageCache {
  private readonly pages: LRUCache<string, StoredPage>;
  /** Renders under way by key: a second request for the same page waits for the first. */
  private readonly rendering = new Map<string, Promise<StoredPage | null>>();

  constructor(ttlMs: number) {
    this.pages = new LRUCache({
      maxSize: MAX_BYTES,
      sizeCalculation: (page) => page.body.length + 512,
      ttl: ttlMs,
      ttlAutopurge: false,
    });
  }

  /**
   * The stored page of `key`, or the one a render under way stores (waited for), with a fresh
   * nonce; undefined when there is none.
   */
  async take(key: string): Promise<StoredPage | undefined> {
    const page = this.pages.get(key) ?? (await this.rendering.get(key));
    return page ? withFreshNonce(page) : undefined;
  }

  /**
   * Marks a render of `key` as under way; the answer is called once with the page to store (null:
   * nothing), which those waiting for it get.
   */
  begin(key: string): (page: StoredPage | null) => void {
    const generation = this.generation;
    let settle!: (page: StoredPage | null) => void;
    this.rendering.set(
      key,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    return (page) => {
      // A change made while the page rendered may not be in it: not stored, not shared.
      if (generation !== this.generation) page = null;
      if (page && page.body.length <= MAX_PAGE_BYTES) {
        this.pages.set(key, page);
      }
      this.rendering.delete(key);
      settle(page);
    };
  }

  /** Forgets every page (a change was made). Renders under way are not stored either. */
  clear(): void {
    this.pages.clear();
    this.generation += 1;
  }

  /** Bumped by clear(): a render that began before a clear must not store what it read. */
  private generation = 0;
}

/** The page with a new nonce (of the same length) in its body and headers. */
function withFreshNonce(page: StoredPage): StoredPage {
  const nonce = randomBytes(NONCE_BYTES).toString('base64');
  const body = Buffer.allocUnsafe(page.body.length);
  page.body.copy(body);
  for (const at of page.nonceAt) body.write(nonce, at, 'latin1');
  return {
    status: page.status,
    headers: page.headers.map(([name, value]) => [name, value.replaceAll(page.nonce, nonce)]),
    body,
    nonce,
    nonceAt: page.nonceAt,
  };
}

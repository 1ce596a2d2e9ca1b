import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from '@wl/contracts';
import { VISIT_KEYS } from '../../app/floating/visit-storage';

/** The announcement once per visit and the partners once per page (site-content.ts), against a stubbed network. */

const ANNOUNCEMENTS: Announcement[] = [{ id: 1, title: 'Welcome', body: 'Line one\nLine two', created_at: '2026-01-02T03:04:05.000Z' }];
const SITE = { external_id: 'casino4' };

let session: Map<string, string>;
let fetched: { url: string; body: unknown }[];

function stubNetwork(reply: (url: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fetched.push({ url, body: JSON.parse(String(init.body)) });
      return reply(url);
    }),
  );
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A fresh page load: the modules (and their once-per-page memory) are loaded anew. */
async function loadPage() {
  vi.resetModules();
  const content = await import('../../app/floating/site-content');
  const layout = await import('../../app/floating/layout-store');
  const modals = await import('../../app/client/modals');
  return { ...content, ...layout, ...modals };
}

beforeEach(() => {
  session = new Map();
  fetched = [];
  vi.stubGlobal('window', {
    location: { host: 'casino4.localhost:3000' },
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => void session.set(key, value),
      removeItem: (key: string) => void session.delete(key),
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the announcement modal', () => {
  // The modal opens after two idle moments (ADR 0017): on a busy machine that is seconds.
  it('opens on the first page of a visit with the announcements, then never again in that visit', { timeout: 30_000 }, async () => {
    stubNetwork(() => json({ statusCode: 1, message: 'OK', value: ANNOUNCEMENTS }));
    const first = await loadPage();
    await first.showAnnouncementOnce(SITE, 'EN');
    expect(fetched).toEqual([{ url: '/api/home/fetch_announment', body: { domain_name: 'casino4.localhost', external_id: 'casino4' } }]);
    expect(first.getModalState().current).toBe('announcement');
    expect(first.getLayoutState().announcements).toEqual(ANNOUNCEMENTS);

    // Another page of the same page load, then a reload in the same tab: nothing more.
    await first.showAnnouncementOnce(SITE, 'EN');
    const reloaded = await loadPage();
    await reloaded.showAnnouncementOnce(SITE, 'EN');
    expect(fetched).toHaveLength(1);
    expect(reloaded.getModalState().current).toBeNull();
  });

  it('stays closed when the site has no announcement, or when the announcement-modal flag is off', async () => {
    stubNetwork(() => json({ statusCode: 1, message: 'OK', value: [] }));
    const page = await loadPage();
    await page.showAnnouncementOnce(SITE, 'EN');
    expect(page.getModalState().current).toBeNull();

    session.clear();
    const flagOff = await loadPage();
    flagOff.updateLayout({ announcementModal: false });
    await flagOff.showAnnouncementOnce(SITE, 'EN');
    expect(fetched).toHaveLength(1);
    expect(flagOff.getModalState().current).toBeNull();
  });

  it('when the call failed, waits for the next visit: a later page of this one is no longer its first (ADR 0057)', { timeout: 30_000 }, async () => {
    stubNetwork(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const failed = await loadPage();
    await failed.showAnnouncementOnce(SITE, 'EN');
    expect(failed.getModalState().current).toBeNull();
    expect(session.has(VISIT_KEYS.announcementShown)).toBe(false);
    const calls = fetched.length;
    // The page became ready: the visit has started (FloatingLayer marks it).
    const gate = await import('../../app/floating/announcement-gate');
    gate.markVisitStarted();

    stubNetwork(() => json({ statusCode: 1, message: 'OK', value: ANNOUNCEMENTS }));
    const next = await loadPage();
    await next.showAnnouncementOnce(SITE, 'EN');
    expect(next.getModalState().current).toBeNull();
    expect(fetched).toHaveLength(calls);

    // A new visit (a new tab session) is a first page again.
    session.clear();
    const newVisit = await loadPage();
    await newVisit.showAnnouncementOnce(SITE, 'EN');
    expect(newVisit.getModalState().current).toBe('announcement');
  });

  it('never opens on a page the player uses, such as /login or /deposit', async () => {
    stubNetwork(() => json({ statusCode: 1, message: 'OK', value: ANNOUNCEMENTS }));
    for (const path of ['/login', '/deposit']) {
      session.clear();
      const page = await loadPage();
      await page.showAnnouncementOnce(SITE, 'EN', path);
      expect(page.getModalState().current).toBeNull();
    }
    expect(fetched).toHaveLength(0);
  });
});

describe('the partners', () => {
  it('are loaded once per page load; a failure leaves none (the panel hides)', async () => {
    const partners = [{ href: 'https://ezugi.example.com/', img_url: '/api/media/partner/ezugi.svg', partner_name: 'Ezugi' }];
    stubNetwork(() => json({ statusCode: 1, message: 'OK', partners }));
    const page = await loadPage();
    await page.loadPartnersOnce(SITE);
    await page.loadPartnersOnce(SITE);
    expect(fetched.map((call) => call.url)).toEqual(['/api/settings/partners']);
    expect(page.getLayoutState().partners).toEqual(partners);

    stubNetwork(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await loadPage();
    await offline.loadPartnersOnce(SITE);
    expect(offline.getLayoutState().partners).toEqual([]);
  });
});

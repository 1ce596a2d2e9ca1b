import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPSFLYER_STORAGE_KEY } from '@wl/contracts';
import {
  CAMPAIGN_MAX_AGE_MS,
  CAMPAIGN_STORAGE_KEY,
  VISITOR_STORAGE_KEY,
  campaignOf,
  captureLanding,
  trackingPayload,
} from '../../app/client/tracking';
import { MemoryStorage } from './memory-storage';

/** docs/product.md §7 tracking: the landing URL's campaign, the _fbp cookie, appsflyer_id and the visitor id reach a signup. */
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('document', { cookie: '' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('campaignOf', () => {
  it('reads the campaign fields, trimmed, and ref as the referrer code', () => {
    expect(campaignOf('?ch=fb&cm=%20spring%20&pp=p1&affiliate_code=AFF9&ref=R123&other=x')).toEqual({
      ch: 'fb',
      cm: 'spring',
      pp: 'p1',
      affiliate_code: 'AFF9',
      referrer_code: 'R123',
    });
    expect(campaignOf('?referrer_code=A&ref=B')).toEqual({ referrer_code: 'A' });
    expect(campaignOf('?ch=&cm=%20')).toEqual({});
    expect(campaignOf(`?ch=${'x'.repeat(300)}`).ch).toHaveLength(256);
  });
});

describe('captureLanding and trackingPayload', () => {
  it('keeps the last landing campaign, appsflyer_id and a visitor id, and sends them with the _fbp cookie', () => {
    captureLanding(new URL('https://site.example/slots?ch=google&affiliate_code=AFF1&appsflyer_id=af-42'), 1_000);
    // A later page without campaign fields keeps it; a new campaign replaces it (last touch).
    captureLanding(new URL('https://site.example/register'), 2_000);
    vi.stubGlobal('document', { cookie: 'a=1; _fbp=fb.1.1700000000.123; b=2' });
    const first = trackingPayload(3_000);
    expect(first).toMatchObject({ ch: 'google', affiliate_code: 'AFF1', appsflyer_id: 'af-42', fbp: 'fb.1.1700000000.123' });
    expect(first.visitor_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getItem(APPSFLYER_STORAGE_KEY)).toBe('af-42');

    captureLanding(new URL('https://site.example/?cm=mail&ref=FRIEND'), 4_000);
    const second = trackingPayload(5_000);
    expect(second).toMatchObject({ cm: 'mail', referrer_code: 'FRIEND' });
    expect(second.ch).toBeUndefined();
    expect(second.visitor_id, 'one visitor id per browser').toBe(first.visitor_id);
    expect(storage.getItem(VISITOR_STORAGE_KEY)).toBe(first.visitor_id);
  });

  it('drops a campaign older than its window and anything unreadable', () => {
    captureLanding(new URL('https://site.example/?ch=old'), 0);
    expect(trackingPayload(CAMPAIGN_MAX_AGE_MS + 1).ch).toBeUndefined();
    storage.setItem(CAMPAIGN_STORAGE_KEY, '{not json');
    expect(Object.keys(trackingPayload(0))).toEqual(['visitor_id']);
  });

  it('leaves out what the browser does not have', () => {
    expect(trackingPayload()).toEqual({ visitor_id: expect.any(String) });
  });
});

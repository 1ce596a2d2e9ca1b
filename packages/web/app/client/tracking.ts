import { APPSFLYER_STORAGE_KEY, isSuccessReply } from '@wl/contracts';
import { cookieValue } from '../lib/cookies';

/** The campaign fields of docs/product.md §7 a landing URL may carry, sent with a signup. */
export const CAMPAIGN_PARAMS = ['ch', 'cm', 'pp', 'affiliate_code', 'referrer_code'] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type Campaign = Partial<Record<CampaignParam, string>>;

/** localStorage keys: the campaign of the last landing that carried one, and this browser's visitor id. */
export const CAMPAIGN_STORAGE_KEY = 'wl.campaign';
export const VISITOR_STORAGE_KEY = 'wl.visitor';
/** A campaign counts for signups within this long of its landing (the usual affiliate cookie window). */
export const CAMPAIGN_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The tracking fields' limit in the contracts (trackingField). */
const FIELD_MAX = 256;

export interface TrackingFields extends Campaign {
  fbp?: string;
  appsflyer_id?: string;
  visitor_id?: string;
}

interface StoredCampaign {
  at: number;
  campaign: Campaign;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage switched off: nothing is kept.
    return null;
  }
}

/** The campaign fields of a URL's query (`ref` is the referral link's short form of referrer_code). */
export function campaignOf(search: string): Campaign {
  const params = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const name of CAMPAIGN_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) campaign[name] = value.slice(0, FIELD_MAX);
  }
  const ref = params.get('ref')?.trim();
  if (ref && !campaign.referrer_code) campaign.referrer_code = ref.slice(0, FIELD_MAX);
  return campaign;
}

/**
 * Called once when the site starts in the browser: a landing URL with campaign fields replaces the
 * kept campaign (last touch), an appsflyer_id parameter is kept (docs/product.md §7), and the browser gets a
 * visitor id if it has none.
 */
export function captureLanding(url: URL, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const campaign = campaignOf(url.search);
  if (Object.keys(campaign).length) store.setItem(CAMPAIGN_STORAGE_KEY, JSON.stringify({ at: now, campaign } satisfies StoredCampaign));
  const appsflyer = url.searchParams.get('appsflyer_id')?.trim();
  if (appsflyer) store.setItem(APPSFLYER_STORAGE_KEY, appsflyer.slice(0, FIELD_MAX));
  visitorId(store);
}

/** This browser's visitor id, made on first use. */
function visitorId(store: Storage): string {
  let id = store.getItem(VISITOR_STORAGE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    store.setItem(VISITOR_STORAGE_KEY, id);
  }
  return id;
}

function keptCampaign(store: Storage, now: number): Campaign {
  try {
    const kept = JSON.parse(store.getItem(CAMPAIGN_STORAGE_KEY) ?? 'null') as StoredCampaign | null;
    if (!kept || typeof kept.at !== 'number' || now - kept.at > CAMPAIGN_MAX_AGE_MS) return {};
    return campaignOf(new URLSearchParams(kept.campaign as Record<string, string>).toString());
  } catch {
    return {};
  }
}

/**
 * The tracking fields of docs/product.md §7 that a signup carries: the _fbp cookie, the kept appsflyer_id,
 * the visitor id and the kept campaign. Empty fields are left out.
 */
export function trackingPayload(now = Date.now()): TrackingFields {
  if (typeof document === 'undefined') return {};
  const store = storage();
  return {
    ...(store ? keptCampaign(store, now) : {}),
    ...adsFields(store),
    ...(store ? { visitor_id: visitorId(store) } : {}),
  };
}

/** The advertising identifiers of docs/product.md §7: Meta's _fbp cookie and the kept appsflyer_id; empty ones left out. */
export type AdsVisitFields = Pick<TrackingFields, 'fbp' | 'appsflyer_id'>;

function adsFields(store: Storage | null): AdsVisitFields {
  const fbpValue = cookieValue(document.cookie, '_fbp');
  const appsflyer = store?.getItem(APPSFLYER_STORAGE_KEY);
  return {
    ...(fbpValue ? { fbp: fbpValue.slice(0, FIELD_MAX) } : {}),
    ...(appsflyer ? { appsflyer_id: appsflyer.slice(0, FIELD_MAX) } : {}),
  };
}

/** localStorage key: this browser's ads visit has been recorded (its value is when). */
export const ADS_VISIT_STORAGE_KEY = 'wl.adsVisit';

/**
 * What one call of the sender did: sent (and recorded), already recorded before, nothing to send
 * yet (no identifier), failed (reported), already tried in this page load, or no storage to
 * remember it in.
 */
export type AdsVisitOutcome = 'sent' | 'recorded' | 'nothing' | 'failed' | 'tried' | 'unavailable';

export interface AdsVisitSenderOptions {
  /** Calls adsvisit with the identifiers (the caller adds the site's domain_name and external_id). */
  send: (fields: AdsVisitFields) => Promise<{ statusCode: number; message: string }>;
  /** The global error handler's entry for a failed ads visit (docs/product.md §8). */
  report: (reply: { statusCode: number; message: string }) => void;
  now?: () => number;
}

/**
 * docs/product.md §7: the _fbp cookie and the kept appsflyer_id go to adsvisit once per visitor. Called on
 * every navigation: a visit with neither identifier is no advertising visit and sends nothing, so
 * the _fbp cookie that Meta's pixel sets a moment after the first page still goes out on a later
 * navigation. After a success a localStorage marker ends the sending for good (across reloads and
 * tabs); a failure goes to the error handler and is tried again on the next page load, not on
 * every navigation of this one.
 */
export function createAdsVisitSender({ send, report, now = Date.now }: AdsVisitSenderOptions): () => Promise<AdsVisitOutcome> {
  let attempt: Promise<AdsVisitOutcome> | null = null;
  return async () => {
    const store = storage();
    if (!store) return 'unavailable';
    if (store.getItem(ADS_VISIT_STORAGE_KEY)) return 'recorded';
    if (attempt) return 'tried';
    const fields = adsFields(store);
    if (!fields.fbp && !fields.appsflyer_id) return 'nothing';
    attempt = send(fields).then((reply) => {
      if (!isSuccessReply(reply)) {
        report({ statusCode: reply.statusCode, message: reply.message });
        return 'failed';
      }
      store.setItem(ADS_VISIT_STORAGE_KEY, new Date(now()).toISOString());
      return 'sent';
    });
    return attempt;
  };
}

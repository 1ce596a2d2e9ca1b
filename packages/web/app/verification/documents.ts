import {
  KYC_DOCUMENT_KINDS,
  KYC_LEVELS,
  contentLang,
  kycRequiredReply,
  type KycDocumentKind,
  type KycDocumentView,
  type KycLevel,
  type KycRequiredReply,
  type KycStatusReply,
  type LocaleCode,
} from '@wl/contracts';
import type { SiteT } from '../i18n/translate';

/*
 * What the verification page and the withdrawal form say about a player's documents (issue 25 §4,
 * ADR 0040), kept apart from the components so it is tested without a browser.
 */

/** The latest upload of each kind (the one that counts, ADR 0040), whatever order the list comes in. */
export function latestByKind(documents: readonly KycDocumentView[]): Partial<Record<KycDocumentKind, KycDocumentView>> {
  const latest: Partial<Record<KycDocumentKind, KycDocumentView>> = {};
  for (const document of documents) {
    const kept = latest[document.kind];
    if (!kept || document.created_at > kept.created_at || (document.created_at === kept.created_at && document.document_id > kept.document_id)) {
      latest[document.kind] = document;
    }
  }
  return latest;
}

/** Whether `level` is at least `asked` (none < identity < full). */
export function reachesLevel(level: KycLevel, asked: KycLevel): boolean {
  return KYC_LEVELS.indexOf(level) >= KYC_LEVELS.indexOf(asked);
}

/**
 * Document kinds as a sentence lists them in the page's language ("identity document, selfie
 * holding your document and proof of address"), in the order the page shows the kinds.
 */
export function documentListText(kinds: readonly KycDocumentKind[], t: SiteT, locale: LocaleCode): string {
  const names = KYC_DOCUMENT_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => t(`verification.kinds.${kind}.short`));
  try {
    return new Intl.ListFormat(contentLang(locale), { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/**
 * What the site asks before the player's next withdrawal, in words: nothing, the documents still
 * to upload, a wait while those sent are reviewed, or that the player is verified enough.
 */
export function withdrawalNeedText(status: Pick<KycStatusReply, 'level' | 'withdrawal_level' | 'missing'>, t: SiteT, locale: LocaleCode): string {
  if (status.withdrawal_level === 'none') return t('verification.withdrawal.none');
  if (status.missing.length) return t('verification.withdrawal.missing', { documents: documentListText(status.missing, t, locale) });
  return reachesLevel(status.level, status.withdrawal_level) ? t('verification.withdrawal.done') : t('verification.withdrawal.reviewing');
}

/** A withdrawal refused until the player is verified: it carries the level asked and the kinds missing (ADR 0040). */
export function isKycRequired(reply: { message: string }): reply is KycRequiredReply {
  return reply.message === 'kycRequired' && kycRequiredReply.safeParse(reply).success;
}

/** What the withdrawal form says of a kycRequired refusal: the documents to upload, or that those sent are being reviewed. */
export function kycRequiredText(reply: Pick<KycRequiredReply, 'missing'>, t: SiteT, locale: LocaleCode): string {
  return reply.missing.length
    ? t('verification.required.missing', { documents: documentListText(reply.missing, t, locale) })
    : t('verification.required.reviewing');
}

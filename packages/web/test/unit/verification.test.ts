import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_LANGS, MESSAGE_LOCALES, RECEIPT_MAX_BYTES, type KycDocumentView } from '@wl/contracts';
import { isUnderAge, replyMessageText } from '../../app/lib/messages';
import { replyErrors } from '../../app/shared/forms/validation';
import { fixedT } from '../../app/i18n/translate';
import { loadLocaleMessages } from '../../app/i18n/messages';
import { DOCUMENT_MAX_SIDE, DOCUMENT_MIN_SIDE, DOCUMENT_TARGET_BYTES, documentPlan, firstSize, fitsTarget, nextSize } from '../../app/verification/image-size';
import { documentListText, isKycRequired, kycRequiredText, latestByKind, reachesLevel, withdrawalNeedText } from '../../app/verification/documents';

/**
 * ADR 0040 on the site: how a document photo is made to fit the upload limit before it is sent,
 * what the verification page and the withdrawal form say about the documents a player still has to
 * upload, and the under-age refusal of signup with the site's minimum age.
 */
beforeAll(async () => {
  await Promise.all(MESSAGE_LOCALES.map((code) => loadLocaleMessages(code)));
});

const en = fixedT(LOCALE_LANGS.EN);
const MiB = 1024 * 1024;

function documentOf(fields: Partial<KycDocumentView> & Pick<KycDocumentView, 'document_id' | 'kind'>): KycDocumentView {
  return { status: 'pending', reason: '', created_at: '2026-11-20T10:00:00.000Z', reviewed_at: null, ...fields };
}

describe('document photos and the upload limit', () => {
  it('sends an image of a type the server takes as it is up to the limit, shrinks a larger one, refuses anything else', () => {
    expect(documentPlan({ type: 'image/jpeg', size: RECEIPT_MAX_BYTES })).toBe('send');
    expect(documentPlan({ type: 'image/png', size: 200_000 })).toBe('send');
    expect(documentPlan({ type: 'image/webp', size: RECEIPT_MAX_BYTES + 1 })).toBe('shrink');
    expect(documentPlan({ type: 'image/jpeg', size: 6 * MiB })).toBe('shrink');
    expect(documentPlan({ type: 'application/pdf', size: 100_000 })).toBe('invalidImage');
    expect(documentPlan({ type: 'image/heic', size: 3 * MiB })).toBe('invalidImage');
    expect(documentPlan({ type: 'image/png', size: 0 })).toBe('invalidImage');
  });

  it('first draws a large photo within the longest side it allows, keeping its proportions, and never enlarges a small one', () => {
    expect(firstSize({ width: 4032, height: 3024 })).toEqual({ width: DOCUMENT_MAX_SIDE, height: 1800 });
    expect(firstSize({ width: 3024, height: 4032 })).toEqual({ width: 1800, height: DOCUMENT_MAX_SIDE });
    expect(firstSize({ width: 1600, height: 1200 })).toEqual({ width: 1600, height: 1200 });
  });

  it('shrinks by the square root of the excess, at least 15% a try, and gives up below a legible size', () => {
    // 4 MiB at 2400 × 1800: the area must lose a bit over half, so each side about 0.67.
    const next = nextSize({ width: 2400, height: 1800 }, 4 * MiB)!;
    expect(next.width / 2400).toBeCloseTo(Math.sqrt(DOCUMENT_TARGET_BYTES / (4 * MiB)), 2);
    expect(next.width / next.height).toBeCloseTo(4 / 3, 2);
    // Only just over: still 15% smaller, so a try always gains.
    expect(nextSize({ width: 2000, height: 1000 }, DOCUMENT_TARGET_BYTES + 10)).toEqual({ width: 1700, height: 850 });
    // Already near the smallest legible size: no further try.
    expect(nextSize({ width: DOCUMENT_MIN_SIDE, height: 600 }, 3 * MiB)).toBeNull();
    // Well under the limit: the server's own encoding, at a higher quality, must still fit it.
    expect(DOCUMENT_TARGET_BYTES).toBeLessThan(RECEIPT_MAX_BYTES * 0.75);
    expect(fitsTarget(DOCUMENT_TARGET_BYTES)).toBe(true);
    expect(fitsTarget(DOCUMENT_TARGET_BYTES + 1)).toBe(false);
    expect(fitsTarget(0)).toBe(false);
  });

  it('reaches the limit within a few tries from a very large photo', () => {
    // Encodings whose size follows the area at a generous 0.5 byte a pixel.
    let size = firstSize({ width: 8000, height: 6000 }) as { width: number; height: number } | null;
    let tries = 0;
    while (size && !fitsTarget(size.width * size.height * 0.5)) {
      size = nextSize(size, size.width * size.height * 0.5);
      tries += 1;
    }
    expect(size).not.toBeNull();
    expect(tries).toBeLessThanOrEqual(3);
  });
});

describe('documents and what a withdrawal needs', () => {
  it('keeps the latest upload of each kind, whatever the order', () => {
    const old = documentOf({ document_id: 1, kind: 'identity', status: 'rejected', reason: 'Blurred', created_at: '2026-11-20T10:00:00.000Z' });
    const fresh = documentOf({ document_id: 3, kind: 'identity', created_at: '2026-11-21T10:00:00.000Z' });
    const selfie = documentOf({ document_id: 2, kind: 'selfie', status: 'approved' });
    expect(latestByKind([old, selfie, fresh])).toEqual({ identity: fresh, selfie });
    expect(latestByKind([fresh, selfie, old])).toEqual({ identity: fresh, selfie });
    expect(latestByKind([])).toEqual({});
  });

  it('orders the levels', () => {
    expect(reachesLevel('full', 'identity')).toBe(true);
    expect(reachesLevel('identity', 'identity')).toBe(true);
    expect(reachesLevel('identity', 'full')).toBe(false);
    expect(reachesLevel('none', 'none')).toBe(true);
  });

  it("lists the documents missing in the page's order and language", () => {
    expect(documentListText(['address', 'identity'], en, 'EN')).toBe('identity document and proof of address');
    expect(documentListText(['selfie', 'identity', 'address'], en, 'EN')).toBe('identity document, selfie holding your document, and proof of address');
    const zh = fixedT(LOCALE_LANGS.CN);
    expect(documentListText(['identity', 'selfie'], zh, 'CN')).toBe('身份证件和手持证件自拍');
  });

  it('says what the site asks before the next withdrawal', () => {
    expect(withdrawalNeedText({ level: 'none', withdrawal_level: 'none', missing: [] }, en, 'EN')).toBe(en('verification.withdrawal.none'));
    expect(withdrawalNeedText({ level: 'none', withdrawal_level: 'identity', missing: ['identity', 'selfie'] }, en, 'EN')).toBe(
      'Before your next withdrawal, upload your identity document and selfie holding your document.',
    );
    // Everything sent, not all approved yet.
    expect(withdrawalNeedText({ level: 'none', withdrawal_level: 'identity', missing: [] }, en, 'EN')).toBe(en('verification.withdrawal.reviewing'));
    expect(withdrawalNeedText({ level: 'full', withdrawal_level: 'identity', missing: [] }, en, 'EN')).toBe(en('verification.withdrawal.done'));
  });

  it("reads a withdrawal's kycRequired refusal and says what to upload", () => {
    const reply = { statusCode: 0, message: 'kycRequired', level: 'full', missing: ['address'] };
    expect(isKycRequired(reply)).toBe(true);
    const bare = { statusCode: 0, message: 'kycRequired' };
    const other = { statusCode: 0, message: 'notFound', level: 'full', missing: [] };
    expect(isKycRequired(bare)).toBe(false);
    expect(isKycRequired(other)).toBe(false);
    expect(kycRequiredText({ missing: ['address'] }, en, 'EN')).toBe(
      'First upload your proof of address on the verification page. Nothing has been held from your balance.',
    );
    expect(kycRequiredText({ missing: [] }, en, 'EN')).toBe(en('verification.required.reviewing'));
  });
});

describe('signup under the minimum age', () => {
  const reply = { statusCode: 0, message: 'underAge', minimum_age: 21 };

  it("says the site's minimum age, on the date of birth field", () => {
    expect(isUnderAge(reply)).toBe(true);
    expect(isUnderAge({ message: 'underAge' })).toBe(false);
    expect(replyMessageText(reply, en, 'EN')).toBe('You must be at least 21 to play on this site.');
    expect(replyMessageText(reply, fixedT(LOCALE_LANGS.VI), 'VI')).toContain('21');
    expect(replyErrors(reply, ['account_id', 'birth_date'] as const)).toEqual({ fields: { birth_date: 'You must be at least 21 to play on this site.' }, form: null });
  });

  it('falls back to the generic text without the age', () => {
    expect(replyMessageText({ message: 'underAge' }, en, 'EN')).toBe(en('errors:underAge'));
  });
});

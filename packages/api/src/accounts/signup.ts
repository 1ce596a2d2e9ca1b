import { and, eq } from 'drizzle-orm';
import { ageOn, STATUS, type UnderAgeReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { players, playerVip } from '../db/schema.js';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { publicCall } from '../http/guards.js';
import { RATE_LIMITS } from '../security/index.js';
import { overLimit } from './limits.js';
import { hashPassword } from '../shared/password.js';
import { excludedFailure, findPlayer, logIn } from './players.js';
import { normalisedPerson, runningExclusionOfPerson } from '../responsible/index.js';
import { loadSiteCompliance, screenAml } from '../compliance/index.js';
import { newReferralCode } from './referral-code.js';
import { isUniqueViolation } from '../db/errors.js';
import { consumeTac, findVerifiedRegisterCode } from './tac-codes.js';
import { lowestVipLevel } from './vip.js';

/** An optional tracking field as stored: trimmed by the contract, empty stored as null. */
const tracked = (value: string | undefined): string | null => (value ? value : null);

const underAge = (minimumAge: number): UnderAgeReply => ({ statusCode: STATUS.failure, message: 'underAge', minimum_age: minimumAge });


/**
 * POST /api/auth/signup. Needs a register code of the account checked by tac/verify in the last
 * 30 minutes (used up here). Creates the player with every tracking field of docs/product.md §7, the player's
 * own referral code, a wallet at zero and a VIP standing at the site's lowest level, in one
 * transaction, and logs the player in. A referrer_code equal to another player's referral code on
 * the same site sets referred_by; an unknown one is kept as received and links nobody.
 */
export const signupHandlers: CallHandlers = {
  signup: publicCall<'signup'>(async (payload, ctx) => {
    const { site } = ctx;
    if (await overLimit(ctx, [[RATE_LIMITS.signupIp, ctx.clientIp]])) return failure('tooManyRequests');
    // Younger than the site's minimum age (ADR 0040): refused before anything is used up, the code included.
    const { minimum_age } = await loadSiteCompliance(ctx.db, site.id);
    if (ageOn(payload.birth_date, new Date().toISOString().slice(0, 10)) < minimum_age) return underAge(minimum_age);
    if (await findPlayer(ctx.db, site.id, payload.account_id)) return failure('accountExists');
    // The same person (phone or email) in a time-out or self-exclusion on a site of the owner registers nowhere of it (issue 25 §3).
    const term = await runningExclusionOfPerson(ctx.db, site.brandOwnerId, normalisedPerson({ contactPhone: payload.contact_phone, contactEmail: payload.contact_email }));
    if (term) return excludedFailure(term);
    // New players per address, counted only for a sign-up holding a verified register code, so a
    // mistyped form uses up nothing; the transaction below checks the code again (ADR 0021).
    if ((await findVerifiedRegisterCode(ctx.db, site.id, payload.account_id)) && (await overLimit(ctx, [[RATE_LIMITS.registerIp, ctx.clientIp]]))) {
      return failure('tooManyRequests');
    }
    // Hashed before the transaction: scrypt takes ~50 ms and holds no lock.
    const passwordHash = await hashPassword(payload.password);

    try {
      return await ctx.db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const code = await findVerifiedRegisterCode(tx, site.id, payload.account_id);
        if (!code) return failure('invalidTac');
        // The code was sent to another phone: refused, and the code stays usable with the right one.
        if (code.phone && code.phone !== payload.contact_phone) return failure('phoneMismatch');
        if (!(await consumeTac(tx, code.id))) return failure('invalidTac');

        const referrerCode = tracked(payload.referrer_code);
        const [referrer] = referrerCode
          ? await tx
              .select({ id: players.id })
              .from(players)
              .where(and(eq(players.siteId, site.id), eq(players.referralCode, referrerCode.toUpperCase())))
              .limit(1)
          : [];
        const [player] = await tx
          .insert(players)
          .values({
            siteId: site.id,
            accountId: payload.account_id,
            passwordHash,
            contactEmail: payload.contact_email,
            contactPhone: payload.contact_phone,
            status: 'active',
            referralCode: await freeReferralCode(tx, site.id),
            referredBy: referrer?.id ?? null,
            referrerCode,
            ch: tracked(payload.ch),
            cm: tracked(payload.cm),
            pp: tracked(payload.pp),
            affiliateCode: tracked(payload.affiliate_code),
            fbp: tracked(payload.fbp),
            appsflyerId: tracked(payload.appsflyer_id),
            visitorId: tracked(payload.visitor_id),
            birthDate: payload.birth_date,
          })
          .returning();
        if (!player) throw new Error('signup: the player was not created');
        // The wallet (at zero) and the player's ledger accounts were opened with the player, by the
        // database itself (trigger players_open_accounts, ADR 0024).
        await tx.insert(playerVip).values({ playerId: player.id, level: await lowestVipLevel(tx, site.id) });
        // A device other accounts of the owner signed up from is flagged with the account (ADR 0040).
        await screenAml(tx, { siteId: site.id, playerId: player.id }, { kind: 'signed_up' }, { log: ctx.log });
        ctx.log.info({ siteId: site.id, playerId: player.id, referred: !!referrer }, 'player signed up');
        return logIn(tx, ctx, player);
      });
    } catch (error) {
      // Two signups of one account id at once: the database's unique key decides.
      if (isUniqueViolation(error, 'players_site_account_key')) return failure('accountExists');
      throw error;
    }
  }),
};

/** A referral code not used on the site yet (8 characters of 32: a clash is rare, but checked). */
async function freeReferralCode(db: Db, siteId: number): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const code = newReferralCode();
    const [taken] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.siteId, siteId), eq(players.referralCode, code)))
      .limit(1);
    if (!taken) return code;
  }
  throw new Error('signup: no free referral code after 5 tries');
}

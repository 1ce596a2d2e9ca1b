import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fromMinorUnits, SITE_LOGO_FIELDS, siteLogoFile, socialIconAddress, type OPERATOR_CALLS, type SiteDefinition, type SiteLogoField } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import {
  bankingSettings,
  banks,
  brandOwners,
  depositMethods,
  partners,
  providers,
  receivingAccounts,
  siteCompliance,
  siteDomains,
  siteProviders,
  siteSettings,
  sites,
  socialAccounts,
  vipLevels,
} from '../db/schema.js';
import { failure } from '../http/failure.js';
import { drawnLogoUrl, logoSettingKey, uploadedLogoUrl, type StoredLogo } from '../shared/site-logos.js';
// Plain data and arithmetic of the demo seed (no writes): a new site's banks and limits default to
// what the demo sites of the same currency have (docs/product.md D7).
import { knownBanksOf } from '../shared/known-banks.js';
import { currencyMoney } from '../shared/currency-money.js';
import { checkLogoFile } from './site-logos.js';
import { exportSite } from './site-export.js';
import { loadSiteByDomain } from './sites.repo.js';

/*
 * Sites as code (issue 26 §3, ADR 0043): a definition creates the site of its external_id, or
 * updates it, with everything a site needs to serve its players (docs/product.md §3): the row,
 * its domains, the providers it offers, its banking settings, banks and deposit methods, its age,
 * identity and AML rules (ADR 0040), its VIP ladder, partners and social accounts (ADR 0049) and
 * its logo files. All of it in one
 * transaction, audited with the definition before and after. The site cache hears of it through
 * the NOTIFY triggers of the sites, site_domains and site_providers tables, so the site answers at
 * its domains at once, in every process.
 */

const OK = { statusCode: 1, message: 'OK' } as const;

/** An operator call's reply: statusCode 1 and the fields, or 0 and an error key. */
export type SiteOperatorReply = Record<string, unknown> & { statusCode: number; message: string };

/** The operator as the sites feature sees it (it cannot import banking's Actor: ADR 0027). */
export interface SiteOperator {
  label: string;
  /** The sites the operator may act on; null: every site. */
  siteIds: number[] | null;
  /** An account of every site of its brand owner: that owner, whose new sites it may create (ADR 0049). */
  brandOwnerId?: number | null;
  /** Writes one audit entry in `tx`'s transaction; answers its id. */
  audit(tx: Db, entry: { action: string; targetType: string; targetId: string | number; siteId: number | null; reason?: string; details?: Record<string, unknown> }): Promise<number>;
}

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;

/** Thrown inside the transaction to roll it back and answer a refusal. */
class Refused extends Error {
  constructor(readonly reply: SiteOperatorReply) {
    super(reply.message);
  }
}

const invalid = (errors: Record<string, string[]>) => new Refused(failure('validationError', errors) as SiteOperatorReply);

/** The brand owner of a new site when none is named and the database has none (the name migration 0022 gave it). */
const DEFAULT_BRAND_OWNER = 'Default operator';

export async function opsSiteApply(db: Db, operator: SiteOperator, payload: Payload<'opsSiteApply'>): Promise<SiteOperatorReply> {
  const { definition, logos: files, reason } = payload;
  // A key scoped to some sites never creates a site nor touches another (docs/product.md §6); an
  // account of all its brand owner's sites creates that owner's (ADR 0049).
  if (operator.siteIds !== null) {
    const [target] = await db.select({ id: sites.id }).from(sites).where(eq(sites.externalId, definition.external_id)).limit(1);
    if (!mayApplyTo(operator, target)) return failure('permissionDenied') as SiteOperatorReply;
  }
  const checked = await checkLogos(definition, files);
  if (!checked.ok) return failure('validationError', checked.errors) as SiteOperatorReply;
  try {
    return await db.transaction(async (trx) => apply(trx as unknown as Db, operator, definition, checked.value, reason));
  } catch (error) {
    if (error instanceof Refused) return error.reply;
    // Another writer took a domain between the check and the insert.
    if (isUniqueViolation(error, 'site_domains_pkey')) return failure('validationError', { 'definition.domains': ['domainInUse'] }) as SiteOperatorReply;
    throw error;
  }
}

/** The logo files the definition names, each checked (outside the transaction: decoding takes time). */
async function checkLogos(
  definition: SiteDefinition,
  files: Record<string, string>,
): Promise<{ ok: true; value: Map<string, StoredLogo> } | { ok: false; errors: Record<string, string[]> }> {
  const checked = new Map<string, StoredLogo>();
  const errors: Record<string, string[]> = {};
  const named = new Set<string>();
  for (const field of SITE_LOGO_FIELDS) {
    const value = definition.logos[field];
    if (value === undefined || !siteLogoFile.safeParse(value).success) continue;
    named.add(value);
    if (checked.has(value) || errors[`logos.${value}`]) continue;
    const data = files[value];
    if (data === undefined) {
      errors[`logos.${value}`] = ['required'];
      continue;
    }
    const result = await checkLogoFile(value, data);
    if (result.ok) checked.set(value, result.value);
    else errors[`logos.${value}`] = [result.message];
  }
  for (const name of Object.keys(files)) if (!named.has(name)) errors[`logos.${name}`] = ['unknownField'];
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: checked };
}

async function apply(tx: Db, operator: SiteOperator, definition: SiteDefinition, files: Map<string, StoredLogo>, reason: string): Promise<SiteOperatorReply> {
  // Applies take turns: two definitions claiming one domain or one external_id cannot both pass the checks.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wl:site.apply'))`);
  const [existing] = await tx.select().from(sites).where(eq(sites.externalId, definition.external_id)).limit(1);
  if (!mayApplyTo(operator, existing)) throw new Refused(failure('permissionDenied') as SiteOperatorReply);

  // A site's balances, ledger accounts and limits are in its currency: it is fixed once the site exists.
  if (existing && existing.currency !== definition.currency) throw invalid({ 'definition.currency': ['currencyFixed'] });
  const brandOwnerId = await brandOwnerOf(tx, operator, definition, existing?.brandOwnerId);
  const taken = await tx.select({ domain: siteDomains.domain, siteId: siteDomains.siteId }).from(siteDomains).where(inArray(siteDomains.domain, definition.domains));
  const conflicts = Object.fromEntries(
    definition.domains.flatMap((domain, index) => (taken.some((row) => row.domain === domain && row.siteId !== existing?.id) ? [[`definition.domains.${index}`, ['domainInUse']]] : [])),
  );
  if (Object.keys(conflicts).length > 0) throw invalid(conflicts);

  const catalogue = await tx.select({ id: providers.id, code: providers.code }).from(providers).orderBy(asc(providers.id));
  const unknownProviders = Object.fromEntries(
    (definition.providers ?? []).flatMap((entry, index) => (catalogue.some((provider) => provider.code === entry.code) ? [] : [[`definition.providers.${index}.code`, ['notFound']]])),
  );
  if (Object.keys(unknownProviders).length > 0) throw invalid(unknownProviders);
  const bankList = definition.banking.banks ?? knownBanksOf(definition.currency);
  const unknownBanks = Object.fromEntries(
    definition.banking.deposit_methods.flatMap((method, m) =>
      method.accounts.flatMap((account, a) => (bankList.some((bank) => bank.code === account.bank) ? [] : [[`definition.banking.deposit_methods.${m}.accounts.${a}.bank`, ['notFound']]])),
    ),
  );
  if (Object.keys(unknownBanks).length > 0) throw invalid(unknownBanks);

  const before = existing ? await exportSite(tx, existing.id) : null;
  const logoUrls = logoAddresses(definition, files);
  const row = {
    brandOwnerId,
    externalId: definition.external_id,
    siteName: definition.site_name,
    themeCode: definition.theme_code,
    themeColor: definition.theme_color,
    currency: definition.currency,
    timeZone: definition.time_zone,
    logo1: logoUrls.logo1,
    logo2: logoUrls.logo2,
    logo3: logoUrls.logo3,
    manifestIcon: logoUrls.manifest_icon,
    logoText: definition.logo_text || definition.site_name,
    status: definition.status,
    expiredDate: definition.expired_date ? new Date(definition.expired_date) : null,
    androidSub: definition.android_sub,
    iosSub: definition.ios_sub,
    gamifyStatus: definition.gamify_status,
    minimumAge: definition.compliance.minimum_age,
    maintenanceStart: definition.maintenance.start_date ? new Date(definition.maintenance.start_date) : null,
    maintenanceEnd: definition.maintenance.end_date ? new Date(definition.maintenance.end_date) : null,
    liveChatStatus: definition.live_chat.status,
    liveChatId: definition.live_chat.chat_id,
    liveChatImageId: definition.live_chat.image_id,
    affDomain: definition.aff_domain,
    languages: definition.languages,
    menu: definition.menu,
  };
  let siteId: number;
  if (existing) {
    await tx.update(sites).set({ ...row, updatedAt: new Date() }).where(eq(sites.id, existing.id));
    siteId = existing.id;
  } else {
    const [created] = await tx.insert(sites).values(row).returning({ id: sites.id });
    siteId = created!.id;
  }

  // The domains in the definition's order (created_at keeps it: the export lists them so).
  await tx.delete(siteDomains).where(eq(siteDomains.siteId, siteId));
  const now = Date.now();
  await tx.insert(siteDomains).values(definition.domains.map((domain, index) => ({ domain, siteId, createdAt: new Date(now + index) })));

  await saveProviders(tx, siteId, definition, catalogue);
  await saveBanking(tx, siteId, definition, bankList);
  await saveRules(tx, siteId, definition);
  await tx.delete(vipLevels).where(eq(vipLevels.siteId, siteId));
  if (definition.vip_levels.length > 0) {
    await tx.insert(vipLevels).values(
      definition.vip_levels.map((level, index) => ({
        siteId,
        level: index + 1,
        name: level.name,
        depositTarget: level.deposit_target,
        turnoverTarget: level.turnover_target,
        benefits: level.benefits,
      })),
    );
  }
  await saveLinks(tx, siteId, definition);
  await saveLogoFiles(tx, siteId, definition, files);

  const after = await exportSite(tx, siteId);
  const auditId = await operator.audit(tx, {
    action: 'site.apply',
    targetType: 'site',
    targetId: siteId,
    siteId,
    reason,
    details: { created: !existing, external_id: definition.external_id, before: before?.definition ?? null, after: after?.definition ?? null },
  });
  return { ...OK, created: !existing, site: definition.external_id, domains: definition.domains, audit_id: auditId };
}

/** Whether the operator may update this site (one of its own), or create a new one (every site, or every site of a brand owner). */
function mayApplyTo(operator: SiteOperator, existing: { id: number } | undefined): boolean {
  if (operator.siteIds === null) return true;
  return existing ? operator.siteIds.includes(existing.id) : Boolean(operator.brandOwnerId);
}

/** The named brand owner (an existing one), else the site's own, else for a new site the operator's or the first one. */
async function brandOwnerOf(tx: Db, operator: SiteOperator, definition: SiteDefinition, current: number | undefined): Promise<number> {
  if (definition.brand_owner !== undefined) {
    const [owner] = await tx.select({ id: brandOwners.id }).from(brandOwners).where(eq(brandOwners.name, definition.brand_owner)).limit(1);
    // Never made here: a misspelt owner would split the responsible-gaming scope of ADR 0039.
    if (!owner) throw invalid({ 'definition.brand_owner': ['notFound'] });
    // The owner decides the responsible-gaming scope: a key of one site does not move its site,
    // and a brand owner's account creates sites of its own owner only.
    if (operator.siteIds !== null && owner.id !== (current ?? operator.brandOwnerId)) throw new Refused(failure('permissionDenied') as SiteOperatorReply);
    return owner.id;
  }
  if (current !== undefined) return current;
  if (operator.siteIds !== null && operator.brandOwnerId) return operator.brandOwnerId;
  const [first] = await tx.select({ id: brandOwners.id }).from(brandOwners).orderBy(asc(brandOwners.id)).limit(1);
  if (first) return first.id;
  const [made] = await tx.insert(brandOwners).values({ name: DEFAULT_BRAND_OWNER }).returning({ id: brandOwners.id });
  return made!.id;
}

/** Each logo's address: its uploaded file's, the address given, or the drawing of the name (manifest_icon: logo2). */
function logoAddresses(definition: SiteDefinition, files: Map<string, StoredLogo>): Record<SiteLogoField, string> {
  const address = (field: SiteLogoField): string | undefined => {
    const value = definition.logos[field];
    if (value === undefined) return undefined;
    const file = files.get(value);
    return file ? uploadedLogoUrl(definition.external_id, field, file) : value;
  };
  const logo2 = address('logo2') ?? drawnLogoUrl(definition.external_id, 'logo2');
  return {
    logo1: address('logo1') ?? drawnLogoUrl(definition.external_id, 'logo1'),
    logo2,
    logo3: address('logo3') ?? drawnLogoUrl(definition.external_id, 'logo3'),
    manifest_icon: address('manifest_icon') ?? logo2,
  };
}

async function saveLogoFiles(tx: Db, siteId: number, definition: SiteDefinition, files: Map<string, StoredLogo>): Promise<void> {
  for (const field of SITE_LOGO_FIELDS) {
    const value = definition.logos[field];
    const file = value === undefined ? undefined : files.get(value);
    const key = logoSettingKey(field);
    if (!file) {
      await tx.delete(siteSettings).where(and(eq(siteSettings.siteId, siteId), eq(siteSettings.key, key)));
      continue;
    }
    const text = JSON.stringify(file);
    await tx.insert(siteSettings).values({ siteId, key, value: text }).onConflictDoUpdate({ target: [siteSettings.siteId, siteSettings.key], set: { value: text } });
  }
}

/** The providers offered, in the definition's order; the catalogue's others switched off after them (left out: all, in catalogue order). */
async function saveProviders(tx: Db, siteId: number, definition: SiteDefinition, catalogue: { id: number; code: string }[]): Promise<void> {
  const listed = definition.providers ?? catalogue.map((provider) => ({ code: provider.code, enabled: true }));
  const rows = listed.map((entry, index) => ({ siteId, providerId: catalogue.find((provider) => provider.code === entry.code)!.id, enabled: entry.enabled, sortOrder: index }));
  const others = catalogue.filter((provider) => !listed.some((entry) => entry.code === provider.code));
  rows.push(...others.map((provider, index) => ({ siteId, providerId: provider.id, enabled: false, sortOrder: listed.length + index })));
  await tx.delete(siteProviders).where(eq(siteProviders.siteId, siteId));
  if (rows.length > 0) await tx.insert(siteProviders).values(rows);
}

/**
 * Limits (left out: the demo's, about 10 to 5,000 US dollars a deposit, 20 to 10,000 a withdrawal,
 * in the site's currency), banks and deposit methods. Banks, methods and receiving accounts are
 * matched by code (and account by bank and number) and switched off rather than deleted when a
 * definition drops them: players' accounts and payments keep naming them (ADR 0015).
 */
async function saveBanking(tx: Db, siteId: number, definition: SiteDefinition, bankList: { code: string; name: string; kind: 'bank' | 'e_wallet' }[]): Promise<void> {
  const money = currencyMoney(definition.currency);
  const limit = (value: string | undefined, usd: number) => value ?? fromMinorUnits(money.of(usd));
  const settings = {
    minDeposit: limit(definition.banking.min_deposit, 10),
    maxDeposit: limit(definition.banking.max_deposit, 5_000),
    minWithdrawal: limit(definition.banking.min_withdrawal, 20),
    maxWithdrawal: limit(definition.banking.max_withdrawal, 10_000),
    maxBankAccounts: definition.banking.max_bank_accounts,
    maxPendingDeposits: definition.banking.max_pending_deposits,
  };
  await tx
    .insert(bankingSettings)
    .values({ siteId, ...settings })
    .onConflictDoUpdate({ target: bankingSettings.siteId, set: { ...settings, updatedAt: new Date() } });

  const bankIds = new Map<string, number>();
  for (const [sort, bank] of bankList.entries()) {
    const [saved] = await tx
      .insert(banks)
      .values({ siteId, code: bank.code, name: bank.name, kind: bank.kind, active: true, sort })
      .onConflictDoUpdate({ target: [banks.siteId, banks.code], set: { name: bank.name, kind: bank.kind, active: true, sort } })
      .returning({ id: banks.id });
    bankIds.set(bank.code, saved!.id);
  }
  await tx
    .update(banks)
    .set({ active: false })
    .where(and(eq(banks.siteId, siteId), bankList.length > 0 ? notInArray(banks.code, bankList.map((bank) => bank.code)) : undefined));

  const methods = definition.banking.deposit_methods;
  const kept: number[] = [];
  for (const [sort, method] of methods.entries()) {
    const [saved] = await tx
      .insert(depositMethods)
      .values({ siteId, code: method.code, kind: method.kind, name: method.name, instructions: method.instructions, active: true, sort })
      .onConflictDoUpdate({ target: [depositMethods.siteId, depositMethods.code], set: { kind: method.kind, name: method.name, instructions: method.instructions, active: true, sort } })
      .returning({ id: depositMethods.id });
    const methodId = saved!.id;
    const present = await tx
      .select({ id: receivingAccounts.id, bankId: receivingAccounts.bankId, accountNumber: receivingAccounts.accountNumber })
      .from(receivingAccounts)
      .where(and(eq(receivingAccounts.siteId, siteId), eq(receivingAccounts.methodId, methodId)));
    const used: number[] = [];
    for (const [accountSort, account] of method.accounts.entries()) {
      const bankId = bankIds.get(account.bank)!;
      const match = present.find((row) => row.bankId === bankId && row.accountNumber === account.account_number && !used.includes(row.id));
      if (match) {
        await tx.update(receivingAccounts).set({ accountName: account.account_name, active: true, sort: accountSort }).where(eq(receivingAccounts.id, match.id));
        used.push(match.id);
      } else {
        const [made] = await tx
          .insert(receivingAccounts)
          .values({ siteId, methodId, bankId, accountName: account.account_name, accountNumber: account.account_number, active: true, sort: accountSort })
          .returning({ id: receivingAccounts.id });
        used.push(made!.id);
      }
    }
    const dropped = present.filter((row) => !used.includes(row.id)).map((row) => row.id);
    if (dropped.length > 0) await tx.update(receivingAccounts).set({ active: false }).where(inArray(receivingAccounts.id, dropped));
    kept.push(methodId);
  }
  const droppedMethods = and(eq(depositMethods.siteId, siteId), kept.length > 0 ? notInArray(depositMethods.id, kept) : undefined);
  const gone = await tx.update(depositMethods).set({ active: false }).where(droppedMethods).returning({ id: depositMethods.id });
  if (gone.length > 0) await tx.update(receivingAccounts).set({ active: false }).where(inArray(receivingAccounts.methodId, gone.map((method) => method.id)));
}

/**
 * The partners panel and the social accounts, replaced whole in the definition's order (sort 1, 2,
 * …): nothing names their rows, so a dropped one is deleted. The player site reads them at each
 * request (content/site-info.ts), so the change shows at once (ADR 0049).
 */
async function saveLinks(tx: Db, siteId: number, definition: SiteDefinition): Promise<void> {
  await tx.delete(partners).where(eq(partners.siteId, siteId));
  if (definition.partners.length > 0) {
    await tx
      .insert(partners)
      .values(definition.partners.map((partner, index) => ({ siteId, partnerName: partner.partner_name, href: partner.href, imgUrl: partner.img_url, sort: index + 1 })));
  }
  await tx.delete(socialAccounts).where(eq(socialAccounts.siteId, siteId));
  if (definition.social_accounts.length > 0) {
    await tx.insert(socialAccounts).values(
      definition.social_accounts.map((account, index) => ({
        siteId,
        type: account.type,
        name: account.name,
        link: account.link,
        icon: account.icon ?? socialIconAddress(account.type),
        sort: index + 1,
      })),
    );
  }
}

/**
 * The age, identity and AML rules (ADR 0040), validated whole by the contract's schema already.
 * Written here rather than through the compliance feature's saveSiteCompliance (a merge of a
 * partial change): compliance imports sites, so sites cannot import it back (ADR 0027).
 */
async function saveRules(tx: Db, siteId: number, definition: SiteDefinition): Promise<void> {
  const rules = definition.compliance;
  const values = {
    kycBeforeFirstWithdrawal: rules.kyc_before_first_withdrawal,
    kycWithdrawalsAbove: rules.kyc_withdrawals_above,
    kycLevel: rules.kyc_level,
    playerCancelsWithdrawals: rules.player_cancels_withdrawals,
    aml: rules.aml,
  };
  await tx
    .insert(siteCompliance)
    .values({ siteId, ...values })
    .onConflictDoUpdate({ target: siteCompliance.siteId, set: { ...values, updatedAt: new Date() } });
}

/** opsSiteExport: the definition of the site a domain names (a scoped key: its own site only). */
export async function opsSiteExport(db: Db, operator: SiteOperator, payload: Payload<'opsSiteExport'>): Promise<SiteOperatorReply> {
  const site = await loadSiteByDomain(db, payload.site);
  if (!site) return failure(operator.siteIds === null ? 'siteNotFound' : 'permissionDenied') as SiteOperatorReply;
  if (operator.siteIds !== null && !operator.siteIds.includes(site.id)) return failure('permissionDenied') as SiteOperatorReply;
  const exported = await exportSite(db, site.id);
  if (!exported) return failure('siteNotFound') as SiteOperatorReply;
  return { ...OK, definition: exported.definition, logos: exported.logos };
}

import { and, asc, eq, like } from 'drizzle-orm';
import { defaultSiteMenu, fromMinorUnits, SITE_LOGO_FIELDS, siteDefinition, socialIconAddress, toMinorUnits, type LocaleCode, type SiteDefinition, type SiteLogoField } from '@wl/contracts';
import type { Db } from '../db/client.js';
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
import { drawnLogoUrl, logoSettingKey, parseStoredLogo, uploadedLogoUrl, type StoredLogo } from '../shared/site-logos.js';

/*
 * A site as its definition (issue 26 §3, ADR 0043): what opsSiteExport answers and what the audit
 * log keeps before and after an apply. Every default is written out (the file says what the site
 * is), but a logo drawn from the name and a logo_text equal to the name are left out, so a renamed
 * site's logos follow its new name.
 */

/** An amount as an operator writes it ("500", not the column's "500.0000"). */
const trimmed = (amount: string): string => fromMinorUnits(toMinorUnits(amount), { trim: true });

export interface ExportedSite {
  definition: SiteDefinition;
  /** Uploaded logo files by the name the definition gives them, base64. */
  logos: Record<string, string>;
}

/** The uploaded logo files of a site, by field. */
export async function loadStoredLogos(db: Db, siteId: number): Promise<Map<SiteLogoField, StoredLogo>> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(and(eq(siteSettings.siteId, siteId), like(siteSettings.key, 'logo\\_file.%')));
  const stored = new Map<SiteLogoField, StoredLogo>();
  for (const field of SITE_LOGO_FIELDS) {
    const row = rows.find((candidate) => candidate.key === logoSettingKey(field));
    const logo = row ? parseStoredLogo(row.value) : null;
    if (logo) stored.set(field, logo);
  }
  return stored;
}

export async function exportSite(db: Db, siteId: number): Promise<ExportedSite | null> {
  const [site] = await db
    .select({ site: sites, owner: brandOwners.name })
    .from(sites)
    .innerJoin(brandOwners, eq(brandOwners.id, sites.brandOwnerId))
    .where(eq(sites.id, siteId))
    .limit(1);
  if (!site) return null;
  const row = site.site;
  const domains = await db.select({ domain: siteDomains.domain }).from(siteDomains).where(eq(siteDomains.siteId, siteId)).orderBy(asc(siteDomains.createdAt), asc(siteDomains.domain));
  const offered = await db
    .select({ code: providers.code, enabled: siteProviders.enabled })
    .from(siteProviders)
    .innerJoin(providers, eq(providers.id, siteProviders.providerId))
    .where(eq(siteProviders.siteId, siteId))
    .orderBy(asc(siteProviders.sortOrder), asc(providers.id));
  const [limits] = await db.select().from(bankingSettings).where(eq(bankingSettings.siteId, siteId)).limit(1);
  const bankRows = await db
    .select({ id: banks.id, code: banks.code, name: banks.name, kind: banks.kind })
    .from(banks)
    .where(and(eq(banks.siteId, siteId), eq(banks.active, true)))
    .orderBy(asc(banks.sort), asc(banks.id));
  const methodRows = await db
    .select()
    .from(depositMethods)
    .where(and(eq(depositMethods.siteId, siteId), eq(depositMethods.active, true)))
    .orderBy(asc(depositMethods.sort), asc(depositMethods.id));
  const accountRows = await db
    .select({ methodId: receivingAccounts.methodId, bank: banks.code, accountName: receivingAccounts.accountName, accountNumber: receivingAccounts.accountNumber })
    .from(receivingAccounts)
    .innerJoin(banks, eq(banks.id, receivingAccounts.bankId))
    .where(and(eq(receivingAccounts.siteId, siteId), eq(receivingAccounts.active, true)))
    .orderBy(asc(receivingAccounts.sort), asc(receivingAccounts.id));
  const [rules] = await db.select().from(siteCompliance).where(eq(siteCompliance.siteId, siteId)).limit(1);
  const ladder = await db.select().from(vipLevels).where(eq(vipLevels.siteId, siteId)).orderBy(asc(vipLevels.level));
  const stored = await loadStoredLogos(db, siteId);
  const partnerRows = await db
    .select({ partner_name: partners.partnerName, href: partners.href, img_url: partners.imgUrl })
    .from(partners)
    .where(eq(partners.siteId, siteId))
    .orderBy(asc(partners.sort), asc(partners.id));
  const socialRows = await db
    .select({ type: socialAccounts.type, name: socialAccounts.name, link: socialAccounts.link, icon: socialAccounts.icon })
    .from(socialAccounts)
    .where(eq(socialAccounts.siteId, siteId))
    .orderBy(asc(socialAccounts.sort), asc(socialAccounts.id));

  const logos: Record<string, string> = {};
  const logoFields: Partial<Record<SiteLogoField, string>> = {};
  const values: Record<SiteLogoField, string> = { logo1: row.logo1, logo2: row.logo2, logo3: row.logo3, manifest_icon: row.manifestIcon };
  for (const field of SITE_LOGO_FIELDS) {
    const value = values[field];
    const file = stored.get(field);
    if (file && value === uploadedLogoUrl(row.externalId, field, file)) {
      logoFields[field] = file.name;
      logos[file.name] = file.data;
    } else if (value === '' || value === (field === 'manifest_icon' ? values.logo2 : drawnLogoUrl(row.externalId, field))) {
      continue;
    } else logoFields[field] = value;
  }

  const definition = {
    site_name: row.siteName,
    domains: domains.map((entry) => entry.domain),
    external_id: row.externalId,
    theme_code: row.themeCode,
    theme_color: row.themeColor,
    currency: row.currency,
    brand_owner: site.owner,
    languages: row.languages as LocaleCode[],
    time_zone: row.timeZone,
    status: row.status,
    expired_date: row.expiredDate?.toISOString() ?? null,
    ...(row.logoText && row.logoText !== row.siteName ? { logo_text: row.logoText } : {}),
    logos: logoFields,
    android_sub: row.androidSub,
    ios_sub: row.iosSub,
    gamify_status: row.gamifyStatus,
    aff_domain: row.affDomain,
    maintenance: { start_date: row.maintenanceStart?.toISOString() ?? null, end_date: row.maintenanceEnd?.toISOString() ?? null },
    live_chat: { status: row.liveChatStatus, chat_id: row.liveChatId, image_id: row.liveChatImageId },
    menu: row.menu ?? defaultSiteMenu(),
    providers: offered,
    banking: {
      ...(limits
        ? {
            min_deposit: trimmed(limits.minDeposit),
            max_deposit: trimmed(limits.maxDeposit),
            min_withdrawal: trimmed(limits.minWithdrawal),
            max_withdrawal: trimmed(limits.maxWithdrawal),
            max_bank_accounts: limits.maxBankAccounts,
            max_pending_deposits: limits.maxPendingDeposits,
          }
        : {}),
      banks: bankRows.map(({ code, name, kind }) => ({ code, name, kind })),
      deposit_methods: methodRows.map((method) => ({
        code: method.code,
        kind: method.kind,
        name: method.name,
        instructions: method.instructions,
        accounts: accountRows
          .filter((account) => account.methodId === method.id)
          .map((account) => ({ bank: account.bank, account_name: account.accountName, account_number: account.accountNumber })),
      })),
    },
    compliance: rules
      ? {
          minimum_age: row.minimumAge,
          kyc_before_first_withdrawal: rules.kycBeforeFirstWithdrawal,
          kyc_withdrawals_above: rules.kycWithdrawalsAbove === null ? null : trimmed(rules.kycWithdrawalsAbove),
          kyc_level: rules.kycLevel,
          player_cancels_withdrawals: rules.playerCancelsWithdrawals,
          aml: rules.aml,
        }
      : { minimum_age: row.minimumAge },
    vip_levels: ladder.map((level) => ({
      name: level.name,
      deposit_target: trimmed(level.depositTarget),
      turnover_target: trimmed(level.turnoverTarget),
      benefits: level.benefits,
    })),
    partners: partnerRows,
    // The platform's own icon (or none stored) is left out, as an apply fills it in.
    social_accounts: socialRows.map(({ icon, ...account }) => (icon === '' || icon === socialIconAddress(account.type) ? account : { ...account, icon })),
  };
  // Through the schema: the defaults written out, in the order and form an apply reads them.
  const parsed = siteDefinition.safeParse(definition);
  return { definition: parsed.success ? parsed.data : (definition as unknown as SiteDefinition), logos };
}

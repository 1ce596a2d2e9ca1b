import { DEMO_MARKER, mayHoldDemo } from './marker.js';
import type { Db } from '../db/client.js';
import { sql } from 'drizzle-orm';
import { brandOwners, players, providers, seedSteps, siteDomains, siteProviders, sites } from '../db/schema.js';
import { hashPassword } from '../shared/password.js';
import { newReferralCode } from '../accounts/referral-code.js';
import { demoMenu, demoSites } from './sites.js';
import { seedVip } from './vip.js';
import { seedCmsTerms, seedContent } from './content.js';
import { seedRewards } from './rewards.js';
import { seedRewardPrograms } from './programs.js';
import { refreshGameArtUrls, seedCatalogueUpdate, seedHouseStudio, syncDemoCatalogue } from './catalogue.js';
import { seedBanking } from './banking.js';
import { seedCompliance } from './compliance.js';
import { createOperatorAccount } from '../backoffice/index.js';

/** The password of the demo players (docs/product.md D7). */
export const DEMO_PASSWORD = 'demo1234';

/** The brand owner of every demo site (issue 25 §1, ADR 0039). */
export const DEMO_BRAND_OWNER = 'Demo operator';
/**
 * The player `demo` of every demo site is one person: one email and one phone, so a time-out or
 * self-exclusion taken on one demo site holds on all of them (issue 25 §1).
 */
export const DEMO_PERSON = { email: 'demo@example.com', phone: '639170000000' } as const;

type Step = { name: string; run: (db: Db) => Promise<void> };

/**
 * Demo data of docs/product.md D7, in named steps applied once each. The steps run only on a
 * database that had no site when it was first started, so an operator's data is never touched;
 * later releases append steps, and an existing demo database gets them on its next start.
 */
const STEPS: Step[] = [
  { name: '0001-catalogue', run: syncDemoCatalogue },
  { name: '0002-sites', run: seedSites },
  { name: '0003-players', run: seedPlayers },
  { name: '0004-vip', run: seedVip },
  { name: '0005-content', run: seedContent },
  { name: '0006-wallets-and-rewards', run: seedRewards },
  { name: '0007-catalogue-art-v2-and-list-sizes', run: seedCatalogueUpdate },
  { name: '0008-game-art-v3-webp', run: refreshGameArtUrls },
  { name: '0009-missions-spin-promotions', run: seedRewardPrograms },
  { name: '0010-cms-terms', run: seedCmsTerms },
  { name: '0013-banking', run: seedBanking },
  { name: '0014-house-studio', run: seedHouseStudio },
  { name: '0015-house-slot-and-crash', run: seedHouseStudio },
  { name: '0016-demo-operator-and-person', run: seedDemoOperator },
  { name: '0017-compliance', run: seedCompliance },
  { name: '0018-backoffice-owner', run: seedBackofficeOwner },
];

/** The demo seed's steps, in order. */
export const SEED_STEP_NAMES = STEPS.map((step) => step.name);


export interface SeedResult {
  demo: boolean;
  applied: string[];
}

export async function seedDemo(db: Db, options: { enabled?: boolean } = {}): Promise<SeedResult> {
  const applied: string[] = [];
  const done = new Set((await db.select({ name: seedSteps.name }).from(seedSteps)).map((row) => row.name));
  if (!done.has(DEMO_MARKER)) {
    if (options.enabled === false || !(await mayHoldDemo(db))) return { demo: false, applied };
    await db.insert(seedSteps).values({ name: DEMO_MARKER });
  }
  for (const step of STEPS) {
    if (done.has(step.name)) continue;
    await db.transaction(async (tx) => {
      await step.run(tx as unknown as Db);
      await tx.insert(seedSteps).values({ name: step.name });
    });
    applied.push(step.name);
  }
  return { demo: true, applied };
}

/** The demo's brand owner, made on first use (a database migrated with sites already has one: step 0016 renames it). */
async function demoBrandOwnerId(db: Db): Promise<number> {
  const [owner] = await db
    .insert(brandOwners)
    .values({ name: DEMO_BRAND_OWNER })
    .onConflictDoUpdate({ target: brandOwners.name, set: { name: sql`excluded.name` } })
    .returning({ id: brandOwners.id });
  return owner!.id;
}

/**
 * Every demo site under the demo's brand owner (a demo database migrated before brand owners has
 * them under the migration's "Default operator", renamed here), and the player `demo` of every
 * site one person.
 */
/** The back office's demo account (issue 26 §1): the demo operator's owner; may skip the second factor on demo data only. */
export const DEMO_BACKOFFICE_OWNER = 'owner';

async function seedBackofficeOwner(db: Db): Promise<void> {
  const created = await createOperatorAccount(db, {
    brandOwnerId: await demoBrandOwnerId(db),
    username: DEMO_BACKOFFICE_OWNER,
    password: DEMO_PASSWORD,
    role: 'owner',
    siteIds: null,
    totpOptional: true,
    createdBy: 'seed',
  });
  if (!created.ok && created.message !== 'accountExists') throw new Error(`demo back-office owner: ${created.message}`);
}

async function seedDemoOperator(db: Db): Promise<void> {
  await db.execute(sql`update brand_owners set name = ${DEMO_BRAND_OWNER}
    where name = 'Default operator' and not exists (select 1 from brand_owners where name = ${DEMO_BRAND_OWNER})`);
  await db.update(sites).set({ brandOwnerId: await demoBrandOwnerId(db) });
  await db.update(players).set({ contactEmail: DEMO_PERSON.email, contactPhone: DEMO_PERSON.phone }).where(sql`${players.accountId} = 'demo'`);
}

async function seedSites(db: Db): Promise<void> {
  const now = Date.now();
  const brandOwnerId = await demoBrandOwnerId(db);
  const hour = 60 * 60 * 1000;
  const providerRows = await db.select({ id: providers.id, code: providers.code }).from(providers);
  for (const demo of demoSites()) {
    const logo = (n: number) => `/api/media/logo/${demo.externalId}/${n}.svg`;
    const [site] = await db
      .insert(sites)
      .values({
        brandOwnerId,
        externalId: demo.externalId,
        siteName: demo.siteName,
        themeCode: demo.themeCode,
        themeColor: demo.themeColor,
        currency: demo.currency,
        logo1: logo(1),
        logo2: logo(2),
        logo3: logo(3),
        logoText: demo.siteName,
        status: true,
        expiredDate: null,
        androidSub: `https://play.google.com/store/apps/details?id=com.example.${demo.externalId}`,
        iosSub: `https://apps.apple.com/app/id${100000000 + demo.externalId.length * 7919}`,
        manifestIcon: logo(2),
        gamifyStatus: true,
        // The maintenance demo's window covers the present for a year after seeding.
        maintenanceStart: demo.maintenance ? new Date(now - hour) : null,
        maintenanceEnd: demo.maintenance ? new Date(now + 365 * 24 * hour) : null,
        liveChatStatus: true,
        liveChatId: `chat-${demo.externalId}`,
        liveChatImageId: `agent-${demo.externalId}`,
        affDomain: `aff.${demo.domains[0]}`,
        languages: demo.languages,
        menu: demoMenu(),
      })
      .returning({ id: sites.id });
    if (!site) throw new Error(`Could not seed site ${demo.externalId}`);
    await db.insert(siteDomains).values(demo.domains.map((domain) => ({ domain, siteId: site.id })));
    // Every site offers every provider, each in its own order so the sites differ.
    const offset = demo.externalId.length * 3;
    await db.insert(siteProviders).values(
      providerRows.map((provider, index) => ({
        siteId: site.id,
        providerId: provider.id,
        enabled: true,
        sortOrder: (index + offset) % providerRows.length,
      })),
    );
  }
}

async function seedPlayers(db: Db): Promise<void> {
  // One hash for all demo players keeps the first start fast; the password is public anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const siteRows = await db.select({ id: sites.id, externalId: sites.externalId }).from(sites);
  const rows = siteRows.flatMap((site, index) => [
    {
      siteId: site.id,
      accountId: 'demo',
      passwordHash,
      fullName: 'Demo Player',
      contactEmail: DEMO_PERSON.email,
      contactPhone: DEMO_PERSON.phone,
      status: 'active' as const,
      referralCode: newReferralCode(),
    },
    {
      siteId: site.id,
      accountId: 'blocked',
      passwordHash,
      fullName: 'Blocked Player',
      contactEmail: `blocked@${site.externalId}.example.com`,
      contactPhone: `6391800${String(index).padStart(5, '0')}`,
      status: 'blocked' as const,
      referralCode: newReferralCode(),
    },
  ]);
  await db.insert(players).values(rows);
}


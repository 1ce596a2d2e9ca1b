/**
 * The back office's promotions, missions and lucky spin (issue 26 §2 Content, ADR 0054), over HTTP
 * with console sessions: a promotion created and edited with its texts (bodies sanitised) shows in
 * the player site's calls at once, as do a mission and the wheel; invalid periods, rewards, locales
 * and weights are refused with field errors; a balance amount needs money.adjust; a viewer reads
 * but may not write; another site's operator is refused; every change is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  ADMIN_AUTH_CALLS,
  OPERATOR_CALLS,
  missionsReply,
  opsMissions,
  opsPromotion,
  opsPromotions,
  opsSpin,
  percentToWeight,
  promotionDetailReply,
  promotionListReply,
  spinExpectedValue,
  spinInfoReply,
  weightToPercent,
  type OperatorRole,
} from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { operatorAudit, promotionEntries, sites } from '../../src/db/schema.js';
import { consoleClient } from './backoffice-fixtures.js';
import { backends, createTestServer, postJson, siteIdOf, siteOf, type TestServer } from './helpers.js';
import { credentials, expectReply, newPlayer } from './rewards-fixtures.js';
const CASINO1 = 'casino1.localhost';
const CASINO2 = 'casino2.localhost';
const START = '2026-01-01T00:00:00.000Z';

describe('exact percentages and expected payout (no floats)', () => {
  it('converts percentages to parts per million and back, and sums weight × amount exactly', () => {
    expect(percentToWeight('12.5')).toBe(125_000);
    expect(percentToWeight('0.0001')).toBe(1);
    expect(percentToWeight('100')).toBe(1_000_000);
    expect(percentToWeight('0.00001')).toBeNull();
    expect(percentToWeight('100.0001')).toBeNull();
    expect(percentToWeight('abc')).toBeNull();
    expect(weightToPercent(125_000)).toBe('12.5');
    expect(weightToPercent(1)).toBe('0.0001');
    expect(
      spinExpectedValue([
        { prize_type: 'none', amount: '0', weight: 300_000 },
        { prize_type: 'tokens', amount: '5', weight: 250_000 },
        { prize_type: 'balance', amount: '0.1', weight: 450_000 },
      ]),
    ).toEqual({ balance: '0.045', tokens: '1.25', frozen_tokens: '0' });
  });
});

describe.each(backends)('the console’s promotions, missions and spin on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let owner: string;
  let content: string;
  let viewer: string;
  let other: string;
  let casino1: number;

  let client: ReturnType<typeof consoleClient>;
  const post = (path: string, payload: unknown, cookie?: string) => client.post(path, payload, cookie);
  const ops = async (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string) => (await post(OPERATOR_CALLS[name].path, payload, cookie)).body as Record<string, unknown>;
  const player = async (path: string, payload: Record<string, unknown>) => (await postJson(server.app, path, payload)).body;

  /** A new account of `role` on `siteIds` (null: every site), signed in through both steps: its cookie. */
  const logIn = async (role: OperatorRole, siteIds: number[] | null) => (await client.logIn(await client.newAccount(role, siteIds))).cookie;
  const lastAudit = async (action: string) => (await db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(desc(operatorAudit.id)).limit(1))[0]!;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    client = consoleClient(server, backend, 'rewards');
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
    const casino2 = await siteIdOf(db, 'casino2');
    // casino1 speaks English and Vietnamese only here: a text in another language is refused.
    await db
      .update(sites)
      .set({ languages: ['EN', 'VI'] })
      .where(eq(sites.id, casino1));
    const login = await post(ADMIN_AUTH_CALLS.login.path, {
      username: 'owner',
      password: 'demo1234',
    });
    owner = login.setCookie!.split(';')[0]!;
    expect((await post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, owner)).body).toMatchObject({ statusCode: 1 });
    content = await logIn('content', [casino1]);
    viewer = await logIn('viewer', null);
    other = await logIn('admin', [casino2]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const promotion = (changes: Record<string, unknown> = {}) => ({
    site: CASINO1,
    kind: 'promotion',
    category: 'event',
    image_url: '/api/media/banner/casino1/vip.svg',
    start_at: START,
    end_at: null,
    claim_type: 'claim',
    reward_amount: '25',
    reward_type: 'tokens',
    active: true,
    texts: {
      EN: {
        title: 'Console weekend',
        summary: 'Tokens for everyone.',
        body: '<p>Hello <strong>players</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      },
      VI: {
        title: 'Cuối tuần',
        summary: 'Token cho mọi người.',
        body: '<p>Xin chào</p>',
      },
    },
    reason: 'weekend campaign',
    ...changes,
  });

  it('creates a promotion with texts (bodies sanitised), edits it, and the player site shows each change at once', async () => {
    const created = await ops('opsPromotionSave', promotion(), content);
    expect(created).toMatchObject({
      statusCode: 1,
      id: expect.any(Number),
      audit_id: expect.any(Number),
    });
    const id = created.id as number;

    const detail = expectReply(
      promotionDetailReply,
      await player('/api/promotions/detail', {
        ...siteOf(CASINO1),
        promotion_id: id,
      }),
    );
    expect(detail.value).toMatchObject({
      title: 'Console weekend',
      reward_amount: '25.0000',
      reward_type: 'tokens',
      claim_type: 'claim',
    });
    expect(detail.value.body).toContain('<strong>players</strong>');
    expect(detail.value.body).not.toMatch(/script|onerror/);
    const vietnamese = expectReply(
      promotionDetailReply,
      await player('/api/promotions/detail', {
        ...siteOf(CASINO1),
        promotion_id: id,
        language: 'VI',
      }),
    );
    expect(vietnamese.value).toMatchObject({
      title: 'Cuối tuần',
      language: 'VI',
    });
    const list = expectReply(
      promotionListReply,
      await player('/api/promotions/list', {
        ...siteOf(CASINO1),
        page_size: 50,
      }),
    );
    expect(list.value.map((row) => row.promotion_id)).toContain(id);

    // The console's own view: stored sanitised, English title in the list, entries counted.
    const one = expectReply(opsPromotion.reply, await ops('opsPromotion', { site: CASINO1, id }, viewer));
    expect(one.value.texts.EN?.body).not.toMatch(/script|onerror/);
    expect(one.languages).toEqual(['EN', 'VI']);
    const audit = await lastAudit('content.promotion.create');
    expect(audit).toMatchObject({
      targetType: 'promotion',
      targetId: String(id),
      siteId: casino1,
      reason: 'weekend campaign',
    });
    expect(audit.details).toMatchObject({
      before: null,
      after: {
        id,
        reward_amount: '25',
        texts: { EN: { title: 'Console weekend' } },
      },
    });

    // A player claims; then the reward changes: the entry keeps what it got, later claims get the new one.
    const first = await newPlayer(db, 'casino1');
    expect(
      await player('/api/promotions/join', {
        ...credentials(first),
        promotion_id: id,
      }),
    ).toMatchObject({ statusCode: 1, amount: '25.0000' });
    const edited = await ops(
      'opsPromotionSave',
      promotion({
        id,
        reward_amount: '30',
        texts: {
          EN: {
            title: 'Console weekend II',
            summary: 'More tokens.',
            body: '<p>More</p>',
          },
        },
        reason: 'more tokens',
      }),
      content,
    );
    expect(edited).toMatchObject({ statusCode: 1, id });
    const update = await lastAudit('content.promotion.update');
    expect(update.details).toMatchObject({
      before: {
        reward_amount: '25',
        entries: 1,
        texts: { VI: { title: 'Cuối tuần' } },
      },
      after: { reward_amount: '30', entries: 1 },
    });
    expect((update.details as { after: { texts: Record<string, unknown> } }).after.texts.VI).toBeUndefined();
    const second = await newPlayer(db, 'casino1');
    expect(
      await player('/api/promotions/join', {
        ...credentials(second),
        promotion_id: id,
      }),
    ).toMatchObject({ statusCode: 1, amount: '30.0000' });
    expect(await db.select().from(promotionEntries).where(eq(promotionEntries.promotionId, id))).toHaveLength(2);
    // Vietnamese removed: the site falls back to English.
    expect(
      expectReply(
        promotionDetailReply,
        await player('/api/promotions/detail', {
          ...siteOf(CASINO1),
          promotion_id: id,
          language: 'VI',
        }),
      ).value,
    ).toMatchObject({ title: 'Console weekend II', language: 'EN' });

    const listed = expectReply(opsPromotions.reply, await ops('opsPromotions', { site: CASINO1, kind: 'promotion', state: 'on', page_size: 100 }, content));
    expect(listed.value.find((row) => row.id === id)).toMatchObject({
      title: 'Console weekend II',
      entries: 2,
      reward_amount: '30',
      active: true,
    });

    // Switched off: gone from the site's list and detail at once.
    expect(
      await ops(
        'opsPromotionSave',
        promotion({
          id,
          reward_amount: '30',
          active: false,
          reason: 'campaign over',
        }),
        content,
      ),
    ).toMatchObject({ statusCode: 1 });
    const after = expectReply(
      promotionListReply,
      await player('/api/promotions/list', {
        ...siteOf(CASINO1),
        page_size: 50,
      }),
    );
    expect(after.value.map((row) => row.promotion_id)).not.toContain(id);
    expect(
      await player('/api/promotions/detail', {
        ...siteOf(CASINO1),
        promotion_id: id,
      }),
    ).toMatchObject({ statusCode: 0, message: 'notFound' });
  });

  it('refuses an end before the start, a reward without claim type claim, a missing English text and a language the site lacks', async () => {
    const refused = async (payload: Record<string, unknown>, field: string, key: string) => {
      const reply = await ops('opsPromotionSave', payload, content);
      expect(reply, JSON.stringify(reply)).toMatchObject({
        statusCode: 0,
        message: 'validationError',
      });
      expect((reply.errors as Record<string, string[]>)[field]).toContain(key);
    };
    await refused(promotion({ end_at: '2025-12-31T00:00:00Z' }), 'end_at', 'invalidValue');
    await refused(promotion({ end_at: START }), 'end_at', 'invalidValue');
    await refused(promotion({ claim_type: 'join' }), 'reward_amount', 'invalidValue');
    await refused(promotion({ reward_type: null }), 'reward_type', 'required');
    await refused(promotion({ reward_amount: '1.23456' }), 'reward_amount', 'invalidFormat');
    await refused(promotion({ reward_amount: '-5' }), 'reward_amount', 'invalidFormat');
    await refused(promotion({ min_deposit: '0' }), 'min_deposit', 'invalidValue');
    await refused(promotion({ image_url: 'javascript:alert(1)' }), 'image_url', 'invalidFormat');
    await refused(promotion({ start_at: 'tomorrow' }), 'start_at', 'invalidFormat');
    await refused(promotion({ texts: { VI: { title: 'x', summary: 'y', body: '' } } }), 'texts.EN', 'required');
    await refused(
      promotion({
        texts: { EN: { title: '<b>x</b>', summary: 'y', body: '' } },
      }),
      'texts.EN.title',
      'invalidFormat',
    );
    await refused(
      promotion({
        texts: {
          EN: { title: 'x', summary: 'y', body: '' },
          PHP: { title: 'x', summary: 'y', body: '' },
        },
      }),
      'texts.PHP',
      'invalidValue',
    );
    await refused(
      promotion({
        texts: {
          EN: { title: 'x', summary: 'y', body: '' },
          XX: { title: 'x', summary: 'y', body: '' },
        },
      }),
      'XX',
      'unknownField',
    );
    expect(await ops('opsPromotionSave', promotion({ id: 999_999 }), content)).toMatchObject({ statusCode: 0, message: 'notFound' });
  });

  it('a balance reward set or changed needs money.adjust: the content role is refused, the owner allowed; texts of it stay editable', async () => {
    const balance = promotion({
      reward_amount: '10',
      reward_type: 'balance',
      reason: 'cash promo',
    });
    expect(await ops('opsPromotionSave', balance, content)).toMatchObject({
      statusCode: 0,
      message: 'permissionDenied',
    });
    expect((await lastAudit('call.refused')).targetId).toBe('opsPromotionSave');
    const created = await ops('opsPromotionSave', balance, owner);
    expect(created).toMatchObject({ statusCode: 1 });
    const id = created.id as number;
    // Same amount, new texts: no money changes, the content role may.
    expect(
      await ops(
        'opsPromotionSave',
        {
          ...balance,
          id,
          reward_amount: '10.00',
          texts: { EN: { title: 'Cash promo', summary: 'Cash.', body: '' } },
        },
        content,
      ),
    ).toMatchObject({ statusCode: 1 });
    // A new amount, or the reward removed: money.adjust again.
    expect(await ops('opsPromotionSave', { ...balance, id, reward_amount: '11' }, content)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(
      await ops(
        'opsPromotionSave',
        {
          ...balance,
          id,
          reward_amount: null,
          reward_type: null,
          claim_type: 'none',
        },
        content,
      ),
    ).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsPromotionSave', { ...balance, id, reward_amount: '11' }, owner)).toMatchObject({ statusCode: 1 });
  });

  it('a viewer reads but may not write; another site’s operator is refused', async () => {
    expect(await ops('opsPromotions', { site: CASINO1 }, viewer)).toMatchObject({ statusCode: 1 });
    expect(await ops('opsMissions', { site: CASINO1 }, viewer)).toMatchObject({ statusCode: 1 });
    expect(await ops('opsSpin', { site: CASINO1 }, viewer)).toMatchObject({
      statusCode: 1,
    });
    expect(await ops('opsPromotionSave', promotion(), viewer)).toMatchObject({
      statusCode: 0,
      message: 'permissionDenied',
    });
    expect(
      await ops(
        'opsMissionSave',
        {
          site: CASINO1,
          code: 'viewer',
          kind: 'login',
          period: 'daily',
          target: '1',
          reward_tokens: '1',
          texts: { EN: { title: 'x', description: 'y' } },
          reason: 'viewer try',
        },
        viewer,
      ),
    ).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsSpinSave', { site: CASINO1, cost: '1', prizes: [], reason: 'viewer try' }, viewer)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    for (const [name, payload] of [
      ['opsPromotions', { site: CASINO1 }],
      ['opsMissions', { site: CASINO1 }],
      ['opsSpin', { site: CASINO1 }],
      ['opsPromotionSave', promotion()],
    ] as const)
      expect(await ops(name, payload, other), name).toMatchObject({
        statusCode: 0,
        message: 'permissionDenied',
      });
    // An id of another site answers notFound even through one's own site.
    const mine = expectReply(opsPromotions.reply, await ops('opsPromotions', { site: CASINO1 }, owner)).value[0]!;
    expect(await ops('opsPromotion', { site: CASINO2, id: mine.id }, owner)).toMatchObject({ statusCode: 0, message: 'notFound' });
  });

  it('creates and edits a mission: the player’s missions follow at once; a code in use and a foreign language are refused', async () => {
    const me = await newPlayer(db, 'casino1');
    const mission = {
      site: CASINO1,
      code: 'console-rounds',
      kind: 'game_rounds',
      period: 'daily',
      target: '3',
      reward_tokens: '7.5',
      texts: {
        EN: {
          title: 'Three rounds',
          description: 'Play three rounds today.',
        },
        VI: { title: 'Ba vòng', description: 'Chơi ba vòng.' },
      },
      sort: 0,
      active: true,
      reason: 'new mission',
    };
    const created = await ops('opsMissionSave', mission, content);
    expect(created).toMatchObject({ statusCode: 1 });
    const id = created.id as number;
    const seen = expectReply(
      missionsReply,
      await player('/api/rewards/missions', {
        ...credentials(me),
        language: 'VI',
      }),
    );
    expect(seen.value.find((row) => row.mission_id === id)).toMatchObject({
      title: 'Ba vòng',
      target: '3.0000',
      reward_tokens: '7.5000',
      period: 'daily',
    });
    expect((await lastAudit('content.mission.create')).details).toMatchObject({
      before: null,
      after: { code: 'console-rounds', reward_tokens: '7.5' },
    });

    const listed = expectReply(opsMissions.reply, await ops('opsMissions', { site: CASINO1 }, viewer));
    const existing = listed.value.find((row) => row.id !== id)!;
    expect(await ops('opsMissionSave', { ...mission, code: existing.code }, content)).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: { code: ['codeInUse'] },
    });
    expect(await ops('opsMissionSave', { ...mission, target: '2.5' }, content)).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: { target: ['invalidValue'] },
    });
    expect(
      await ops(
        'opsMissionSave',
        {
          ...mission,
          texts: { ...mission.texts, CN: { title: 'x', description: 'y' } },
        },
        content,
      ),
    ).toMatchObject({
      statusCode: 0,
      errors: { 'texts.CN': ['invalidValue'] },
    });

    expect(
      await ops(
        'opsMissionSave',
        {
          ...mission,
          id,
          target: '5',
          active: false,
          reason: 'harder, off for now',
        },
        content,
      ),
    ).toMatchObject({ statusCode: 1, id });
    const after = expectReply(missionsReply, await player('/api/rewards/missions', credentials(me)));
    expect(after.value.map((row) => row.mission_id)).not.toContain(id);
    expect((await lastAudit('content.mission.update')).details).toMatchObject({
      before: { target: '3', active: true },
      after: { target: '5', active: false },
    });
  });

  it('replaces the prize table: weights not summing to 100 % refused, balance prizes need money.adjust, spin_info follows at once', async () => {
    const before = expectReply(opsSpin.reply, await ops('opsSpin', { site: CASINO1 }, content));
    expect(before).toMatchObject({
      configured: true,
      cost: '10',
      active: true,
    });
    expect(before.prizes.reduce((sum, prize) => sum + prize.weight, 0)).toBe(1_000_000);
    const prizes = before.prizes.map((prize) => ({ ...prize }));

    // Not summing to 1,000,000: refused with a field error, nothing written.
    const off = prizes.map((prize, index) => (index === 0 ? { ...prize, weight: prize.weight - 1 } : prize));
    expect(await ops('opsSpinSave', { site: CASINO1, cost: '10', prizes: off, reason: 'bad weights' }, owner)).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: { weights: ['invalidValue'] },
    });
    expect(
      await ops(
        'opsSpinSave',
        {
          site: CASINO1,
          cost: '10',
          prizes: [
            {
              label: 'x',
              prize_type: 'none',
              amount: '5',
              weight: 1_000_000,
            },
            prizes[1],
          ],
          reason: 'bad amount',
        },
        owner,
      ),
    ).toMatchObject({
      statusCode: 0,
      errors: { 'prizes.0.amount': ['invalidValue'] },
    });

    // Tokens and labels only: the content role may.
    const relabelled = prizes.map((prize) => (prize.prize_type === 'tokens' ? { ...prize, label: `${prize.label}!`, amount: '6' } : prize));
    expect(
      await ops(
        'opsSpinSave',
        {
          site: CASINO1,
          cost: '12',
          prizes: relabelled,
          reason: 'token tweak',
        },
        content,
      ),
    ).toMatchObject({ statusCode: 1 });
    const info = expectReply(spinInfoReply, await player('/api/rewards/spin_info', siteOf(CASINO1)));
    expect(info.spin_cost).toBe('12.0000');
    expect(info.prizes.filter((prize) => prize.prize_type === 'tokens').every((prize) => prize.label.endsWith('!') && prize.amount === '6.0000')).toBe(true);
    expect((await lastAudit('content.spin.update')).details).toMatchObject({
      before: { cost: '10' },
      after: { cost: '12' },
    });

    // A balance prize's weight or amount changed: content refused, owner allowed.
    const [a, b] = [relabelled.findIndex((prize) => prize.prize_type === 'balance'), relabelled.findIndex((prize) => prize.prize_type === 'none')];
    const shifted = relabelled.map((prize, index) => (index === a ? { ...prize, weight: prize.weight + 1000 } : index === b ? { ...prize, weight: prize.weight - 1000 } : prize));
    expect(await ops('opsSpinSave', { site: CASINO1, cost: '12', prizes: shifted, reason: 'more cash' }, content)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsSpinSave', { site: CASINO1, cost: '12', prizes: shifted, reason: 'more cash' }, owner)).toMatchObject({ statusCode: 1 });

    // Switched off: the site has no wheel at once; on again, it has.
    expect(
      await ops(
        'opsSpinSave',
        {
          site: CASINO1,
          cost: '12',
          active: false,
          prizes: shifted,
          reason: 'pause',
        },
        content,
      ),
    ).toMatchObject({ statusCode: 1 });
    expect(await player('/api/rewards/spin_info', siteOf(CASINO1))).toMatchObject({ statusCode: 0, message: 'notFound' });
    expect(
      await ops(
        'opsSpinSave',
        {
          site: CASINO1,
          cost: '12',
          active: true,
          prizes: shifted,
          reason: 'resume',
        },
        content,
      ),
    ).toMatchObject({ statusCode: 1 });
    expect(await player('/api/rewards/spin_info', siteOf(CASINO1))).toMatchObject({ statusCode: 1 });
  });
});

/**
 * Rewards (issue 8, ADR 0013): missions with progress from real records and claims credited once
 * (also under 50 concurrent claims), the lucky spin (odds summing to exactly 1, a cryptographic draw,
 * 100 concurrent spins never spending tokens the player does not have), frozen tokens released once,
 * leaderboards with masked ids, promotions and news by language with joins credited once; validation,
 * session failures and tenant isolation of every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  PRIZE_WEIGHT_TOTAL,
  leaderboardReply,
  minigameReply,
  missionClaimReply,
  missionsReply,
  promotionDetailReply,
  promotionJoinReply,
  promotionListReply,
  spinInfoReply,
  spinReply,
} from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { ledgerEntries, missions, payments, players, promotionTexts, promotions, spins } from '../../src/db/schema.js';
import { postToLedger, readBalances } from '../../src/ledger/index.js';
import { drawPrize, prizeTableProblem, probabilityOf, savePrizeTable, type PrizeInput } from '../../src/rewards/spin.js';
import { savePromotion } from '../../src/rewards/promotions.js';
import { periodStart } from '../../src/rewards/leaderboard.js';
import { backends, createTestServer, siteOf, type TestServer } from './helpers.js';
import {
  credentials,
  expectFailure,
  expectReply,
  expectSessionFailures,
  minor,
  newPlayer,
  post as postCall,
  sessionOf,
  type TestSession,
} from './rewards-fixtures.js';

const MISSIONS = '/api/rewards/missions';
const MISSION_CLAIM = '/api/rewards/mission_claim';
const SPIN_INFO = '/api/rewards/spin_info';
const SPIN = '/api/rewards/spin';
const MINIGAME = '/api/rewards/minigame';
const LEADERBOARD = '/api/rewards/leaderboard';
const PROMO_LIST = '/api/promotions/list';
const PROMO_DETAIL = '/api/promotions/detail';
const PROMO_JOIN = '/api/promotions/join';

describe.each(backends)('rewards on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    // Concurrent spins and claims need real parallel connections on PostgreSQL.
    server = await createTestServer({ backend, poolSize: 24 });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);

  async function credit(session: TestSession, account: 'balance' | 'tokens' | 'frozen_tokens', amount: string, key: string) {
    const posted = await postToLedger(db, { siteId: session.siteId, playerId: session.playerId, account, amount, counter: account === 'balance' ? 'adjustments' : 'rewards', type: 'adjustment', idempotencyKey: key });
    expect(posted.ok).toBe(true);
  }

  /** The wallet equals the sum of the player's entries, per account. */
  async function expectWalletMatchesLedger(playerId: number) {
    const balances = await readBalances(db, playerId);
    const [sums] = await queryRows<{ balance: string; tokens: string; frozen: string }>(
      db,
      sql`select coalesce(sum(amount) filter (where account = 'balance'), 0)::text as balance,
                 coalesce(sum(amount) filter (where account = 'tokens'), 0)::text as tokens,
                 coalesce(sum(amount) filter (where account = 'frozen_tokens'), 0)::text as frozen
          from ledger_entries where player_id = ${playerId}`,
    );
    expect(minor(balances.balance)).toBe(minor(sums!.balance));
    expect(minor(balances.tokens)).toBe(minor(sums!.tokens));
    expect(minor(balances.frozenTokens)).toBe(minor(sums!.frozen));
  }

  async function missionsOf(session: TestSession, language?: string) {
    const { status, body } = await post(MISSIONS, { ...credentials(session), ...(language ? { language } : {}) });
    expect(status).toBe(200);
    return expectReply(missionsReply, body).value;
  }

  async function missionId(siteId: number, code: string) {
    const [row] = await db.select({ id: missions.id }).from(missions).where(and(eq(missions.siteId, siteId), eq(missions.code, code)));
    return row!.id;
  }

  describe('missions', () => {
    it("lists the seeded missions with the demo player's real progress", async () => {
      const demo = await sessionOf(db, 'casino2', 'demo');
      const value = await missionsOf(demo);
      const byTitle = new Map(value.map((mission) => [mission.title, mission]));
      expect(value.length).toBeGreaterThanOrEqual(5);
      // Logged in today (this session), one approved deposit, Silver reached, four rounds played today.
      expect(byTitle.get('Daily check-in')).toMatchObject({ kind: 'login', period: 'daily', claimable: true, claimed: false, progress_percent: 100 });
      expect(byTitle.get('Daily check-in')!.period_end).not.toBeNull();
      expect(byTitle.get('First deposit')).toMatchObject({ kind: 'deposit', claimable: true, period_end: null });
      expect(byTitle.get('Reach VIP Silver')).toMatchObject({ claimable: true });
      expect(byTitle.get('Reach VIP Gold')).toMatchObject({ claimable: false, progress: '2.0000', progress_percent: 66 });
      expect(byTitle.get('Play 10 rounds')).toMatchObject({ claimable: false, progress: '4.0000', progress_percent: 40 });
      // Texts in the asked language, English where a language has none.
      const vi = await missionsOf(demo, 'VI');
      expect(vi.map((mission) => mission.title)).toContain('Điểm danh hằng ngày');
      const ru = await missionsOf(demo, 'RUS');
      expect(ru.map((mission) => mission.title)).toContain('Daily check-in');
    });

    it('claims a completed mission once, refuses an unfinished one, an unknown one and a second claim', async () => {
      const demo = await sessionOf(db, 'casino3', 'demo');
      const before = await readBalances(db, demo.playerId);
      const id = await missionId(demo.siteId, 'first-deposit');
      const { status, body } = await post(MISSION_CLAIM, { ...credentials(demo), mission_id: id });
      expect(status).toBe(200);
      const reply = expectReply(missionClaimReply, body);
      expect(reply.reward_tokens).toBe('50.0000');
      expect(minor(reply.game_token)).toBe(minor(before.tokens) + minor('50'));
      expect(reply.game_balance).toBe(before.balance);
      const again = await post(MISSION_CLAIM, { ...credentials(demo), mission_id: id });
      expectFailure(again.body, 'alreadyClaimed');
      expect((await missionsOf(demo)).find((mission) => mission.mission_id === id)).toMatchObject({ claimed: true, claimable: false });

      expectFailure((await post(MISSION_CLAIM, { ...credentials(demo), mission_id: await missionId(demo.siteId, 'vip-gold') })).body, 'notClaimable');
      const unknown = await post(MISSION_CLAIM, { ...credentials(demo), mission_id: 2_147_483_647 });
      expectFailure(unknown.body, 'notFound');
      expect(unknown.status).toBe(404);
      const entries = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.siteId, demo.siteId), like(ledgerEntries.idempotencyKey, `mission:${id}:%`)));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ account: 'tokens', type: 'mission', playerId: demo.playerId });
      await expectWalletMatchesLedger(demo.playerId);
    });

    it('a new player without deposits has nothing claimable but the daily login', async () => {
      const player = await newPlayer(db, 'casino2');
      const value = await missionsOf(player);
      expect(value.filter((mission) => mission.claimable).map((mission) => mission.kind)).toEqual(['login']);
      expectFailure((await post(MISSION_CLAIM, { ...credentials(player), mission_id: await missionId(player.siteId, 'first-deposit') })).body, 'notClaimable');
    });

    it('50 concurrent claims of one mission credit it exactly once', async () => {
      const player = await newPlayer(db, 'casino5');
      const id = await missionId(player.siteId, 'daily-login');
      const replies = await Promise.all(Array.from({ length: 50 }, () => post(MISSION_CLAIM, { ...credentials(player), mission_id: id })));
      expect(replies.filter((reply) => reply.body.statusCode === 1)).toHaveLength(1);
      expect(replies.filter((reply) => reply.body.message === 'alreadyClaimed')).toHaveLength(49);
      expect((await readBalances(db, player.playerId)).tokens).toBe('5.0000');
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, player.playerId));
      expect(entries).toHaveLength(1);
      await expectWalletMatchesLedger(player.playerId);
    });

    it("cannot claim another site's mission (notFound) and lists only its own site's", async () => {
      const casino1 = await sessionOf(db, 'casino1', 'demo');
      const slot5Mission = await missionId((await sessionOf(db, 'slot5', 'demo')).siteId, 'first-deposit');
      const before = await readBalances(db, casino1.playerId);
      expectFailure((await post(MISSION_CLAIM, { ...credentials(casino1), mission_id: slot5Mission })).body, 'notFound');
      expect(await readBalances(db, casino1.playerId)).toEqual(before);
      const ids = (await missionsOf(casino1)).map((mission) => mission.mission_id);
      expect(ids).not.toContain(slot5Mission);
    });
  });

  describe('lucky spin', () => {
    it('answers the cost and a prize table whose probabilities sum to exactly 1', async () => {
      const { status, body } = await post(SPIN_INFO, siteOf('casino1.localhost'));
      expect(status).toBe(200);
      const reply = expectReply(spinInfoReply, body);
      expect(reply.spin_cost).toBe('10.0000');
      expect(reply.prizes.length).toBeGreaterThanOrEqual(2);
      expect(reply.prizes.map((prize) => prize.index)).toEqual(reply.prizes.map((_, index) => index));
      expect(reply.prizes.reduce((sum, prize) => sum + prize.weight, 0)).toBe(PRIZE_WEIGHT_TOTAL);
      // Exact decimal sum of the published probabilities (millionths).
      const millionths = reply.prizes.reduce((sum, prize) => sum + BigInt(prize.probability.replace('.', '')), 0n);
      expect(millionths).toBe(1_000_000n);
      expect(new Set(reply.prizes.map((prize) => prize.prize_type))).toEqual(new Set(['none', 'tokens', 'balance', 'frozen_tokens']));
    });

    it('refuses a prize table that does not sum to exactly 1 on write', async () => {
      const good: PrizeInput[] = [
        { label: 'Nothing', prizeType: 'none', amount: '0', weight: 600_000 },
        { label: '5 tokens', prizeType: 'tokens', amount: '5', weight: 400_000 },
      ];
      expect(prizeTableProblem('10', good)).toBeNull();
      expect(prizeTableProblem('10', [good[0]!, { ...good[1]!, weight: 399_999 }])).toMatch(/sum/);
      expect(prizeTableProblem('10', [good[0]!, { ...good[1]!, weight: 400_001 }])).toMatch(/sum/);
      expect(prizeTableProblem('10', [good[0]!, { ...good[1]!, weight: 0.5 as number }])).toMatch(/weight/);
      expect(prizeTableProblem('10', [good[0]!, { ...good[1]!, amount: '0' }])).toMatch(/amount/);
      expect(prizeTableProblem('0', good)).toMatch(/cost/);
      const siteId = (await sessionOf(db, 'slot9', 'demo')).siteId;
      await expect(savePrizeTable(db, siteId, '10', [good[0]!, { ...good[1]!, weight: 1 }])).rejects.toThrow(/sum/);
      expect(probabilityOf(250_000)).toBe('0.250000');
      expect(probabilityOf(5)).toBe('0.000005');
      expect(probabilityOf(PRIZE_WEIGHT_TOTAL)).toBe('1.000000');
      // The draw maps each ticket to the segment covering it.
      const prizes = [{ weight: 300_000, id: 'a' }, { weight: 700_000, id: 'b' }];
      expect(drawPrize(prizes, () => 0).id).toBe('a');
      expect(drawPrize(prizes, () => 299_999).id).toBe('a');
      expect(drawPrize(prizes, () => 300_000).id).toBe('b');
      expect(drawPrize(prizes, () => 999_999).id).toBe('b');
    });

    it('spins: takes the cost, credits the prize drawn and records the spin', async () => {
      const player = await newPlayer(db, 'casino2');
      await credit(player, 'tokens', '25', `test:tokens:${player.playerId}`);
      const { status, body } = await post(SPIN, credentials(player));
      expect(status).toBe(200);
      const reply = expectReply(spinReply, body);
      const expectedTokens = minor('15') + (reply.prize.prize_type === 'tokens' ? minor(reply.prize.amount) : 0n);
      expect(minor(reply.game_token)).toBe(expectedTokens);
      expect(minor(reply.game_balance)).toBe(reply.prize.prize_type === 'balance' ? minor(reply.prize.amount) : 0n);
      expect(minor(reply.frozen_token)).toBe(reply.prize.prize_type === 'frozen_tokens' ? minor(reply.prize.amount) : 0n);
      const info = expectReply(spinInfoReply, (await post(SPIN_INFO, siteOf('casino2.localhost'))).body);
      expect(info.prizes[reply.prize.index]).toEqual(reply.prize);
      const [row] = await db.select().from(spins).where(eq(spins.id, reply.spin_id));
      expect(row).toMatchObject({ playerId: player.playerId, prizeType: reply.prize.prize_type, position: reply.prize.index });
      await expectWalletMatchesLedger(player.playerId);
    });

    it('answers insufficientTokens and changes nothing when the tokens do not cover the cost', async () => {
      const player = await newPlayer(db, 'casino2');
      await credit(player, 'tokens', '9.9999', `test:tokens:${player.playerId}`);
      const { status, body } = await post(SPIN, credentials(player));
      expectFailure(body, 'insufficientTokens');
      expect(status).toBe(422);
      expect((await readBalances(db, player.playerId)).tokens).toBe('9.9999');
      expect(await db.select().from(spins).where(eq(spins.playerId, player.playerId))).toHaveLength(0);
      expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, player.playerId))).toHaveLength(1);
    });

    it('100 concurrent spins never spend more tokens than the player had', async () => {
      const player = await newPlayer(db, 'casino6');
      await credit(player, 'tokens', '100', `test:tokens:${player.playerId}`);
      const replies = await Promise.all(Array.from({ length: 100 }, () => post(SPIN, credentials(player))));
      const won = replies.filter((reply) => reply.body.statusCode === 1).map((reply) => expectReply(spinReply, reply.body));
      const refused = replies.filter((reply) => reply.body.statusCode !== 1);
      for (const reply of refused) expectFailure(reply.body, 'insufficientTokens');
      expect(won.length + refused.length).toBe(100);
      expect(won.length).toBeGreaterThanOrEqual(10);
      // Every spin was paid for with tokens the player held at that moment: spent = 10 per spin,
      // never more than the 100 credited plus the token prizes won.
      const tokenPrizes = won.reduce((sum, reply) => sum + (reply.prize.prize_type === 'tokens' ? minor(reply.prize.amount) : 0n), 0n);
      const spent = BigInt(won.length) * minor('10');
      expect(spent).toBeLessThanOrEqual(minor('100') + tokenPrizes);
      const balances = await readBalances(db, player.playerId);
      expect(minor(balances.tokens)).toBe(minor('100') + tokenPrizes - spent);
      expect(minor(balances.tokens)).toBeGreaterThanOrEqual(0n);
      // Spins stopped only because the tokens ran out.
      if (refused.length > 0) expect(minor(balances.tokens)).toBeLessThan(minor('10'));
      expect(await db.select().from(spins).where(eq(spins.playerId, player.playerId))).toHaveLength(won.length);
      await expectWalletMatchesLedger(player.playerId);
    });
  });

  describe('minigame frozen tokens', () => {
    it('shows the demo player its frozen tokens and the release condition', async () => {
      const demo = await sessionOf(db, 'casino4', 'demo');
      const { status, body } = await post(MINIGAME, credentials(demo));
      expect(status).toBe(200);
      const reply = expectReply(minigameReply, body);
      expect(reply.frozen_token).toBe('120.0000');
      expect(reply.released).toBe('0.0000');
      expect(reply.release_condition).toMatchObject({ kind: 'deposit', progress: '0.0000', progress_percent: 0 });
      expect(minor(reply.release_condition.target)).toBeGreaterThan(0n);
    });

    it('releases frozen tokens to game tokens exactly once when the condition holds, also under 20 concurrent reads', async () => {
      const player = await newPlayer(db, 'casino4');
      await credit(player, 'frozen_tokens', '30', `test:frozen:${player.playerId}`);
      const first = expectReply(minigameReply, (await post(MINIGAME, credentials(player))).body);
      expect(first).toMatchObject({ frozen_token: '30.0000', released: '0.0000', token_balance: '0.0000' });
      const target = first.release_condition.target;
      // Half the target deposited: progress shows, nothing released.
      await db.insert(payments).values({ siteId: player.siteId, playerId: player.playerId, kind: 'deposit', amount: '1', status: 'approved', decidedAt: new Date() });
      const partial = expectReply(minigameReply, (await post(MINIGAME, credentials(player))).body);
      expect(partial.released).toBe('0.0000');
      expect(partial.release_condition.progress).toBe('1.0000');
      await db.insert(payments).values({ siteId: player.siteId, playerId: player.playerId, kind: 'deposit', amount: target, status: 'approved', decidedAt: new Date() });

      const replies = await Promise.all(Array.from({ length: 20 }, () => post(MINIGAME, credentials(player))));
      const parsed = replies.map((reply) => expectReply(minigameReply, reply.body));
      expect(parsed.filter((reply) => reply.released === '30.0000')).toHaveLength(1);
      expect(parsed.filter((reply) => reply.released === '0.0000')).toHaveLength(19);
      const balances = await readBalances(db, player.playerId);
      expect(balances).toMatchObject({ tokens: '30.0000', frozenTokens: '0.0000' });
      const entries = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.playerId, player.playerId), eq(ledgerEntries.type, 'frozen_release')));
      expect(entries.map((entry) => entry.account).sort()).toEqual(['frozen_tokens', 'tokens']);
      await expectWalletMatchesLedger(player.playerId);
    });
  });

  describe('leaderboard', () => {
    it.each([
      ['day', 'turnover'],
      ['week', 'turnover'],
      ['month', 'winnings'],
      ['week', 'winnings'],
    ] as const)('ranks the %s by %s from the ledger with masked account ids', async (period, metric) => {
      const { status, body } = await post(LEADERBOARD, { ...siteOf('casino1.localhost'), period, metric });
      expect(status).toBe(200);
      const reply = expectReply(leaderboardReply, body);
      expect(reply).toMatchObject({ period, metric, currency: 'PHP', period_start: periodStart(period, new Date()).toISOString() });
      expect(reply.value.length).toBeGreaterThan(0);
      const amounts = reply.value.map((row) => minor(row.amount));
      expect(amounts).toEqual([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
      expect(reply.value.map((row) => row.rank)).toEqual(reply.value.map((_, index) => index + 1));
      const ids = (await db.select({ accountId: players.accountId }).from(players)).map((row) => row.accountId);
      for (const row of reply.value) {
        expect(row.account_id).toMatch(/^.{1,2}\*\*\*.?$/);
        expect(ids).not.toContain(row.account_id);
      }
    });

    it("counts a player's stakes on its own site only", async () => {
      const player = await newPlayer(db, 'casino7');
      await credit(player, 'balance', '99999999', `test:deposit:${player.playerId}`);
      const bet = await postToLedger(db, { counter: 'adjustments', siteId: player.siteId, playerId: player.playerId, account: 'balance', amount: '-99999998', type: 'bet', idempotencyKey: `test:bet:${player.playerId}` });
      expect(bet.ok).toBe(true);
      const own = expectReply(leaderboardReply, (await post(LEADERBOARD, { ...siteOf('casino7.localhost'), period: 'day', metric: 'turnover' })).body);
      expect(own.value[0]).toMatchObject({ rank: 1, amount: '99999998.0000' });
      expect(own.value[0]!.account_id).toBe(`${player.account_id.slice(0, 2)}***${player.account_id.slice(-1)}`);
      const other = expectReply(leaderboardReply, (await post(LEADERBOARD, { ...siteOf('casino8.localhost'), period: 'day', metric: 'turnover' })).body);
      expect(other.value.map((row) => row.amount)).not.toContain('99999998.0000');
      // Defaults: the week by turnover.
      const defaults = expectReply(leaderboardReply, (await post(LEADERBOARD, siteOf('casino7.localhost'))).body);
      expect(defaults).toMatchObject({ period: 'week', metric: 'turnover' });
    });
  });

  describe('promotions and news', () => {
    async function list(payload: Record<string, unknown>, domain = 'casino1.localhost') {
      const { status, body } = await post(PROMO_LIST, { ...siteOf(domain), ...payload });
      expect(status).toBe(200);
      return expectReply(promotionListReply, body);
    }

    it('lists running promotions in the asked language with English fallback, by category and by page', async () => {
      const en = await list({});
      expect(en.total).toBe(4);
      expect(en.value.every((item) => item.kind === 'promotion' && item.language === 'EN')).toBe(true);
      expect(en.categories).toEqual(['welcome', 'cashback', 'tournament', 'vip']);
      for (const item of en.value) expect(item.image_url).toMatch(/^\/api\/media\/banner\/casino1\//);
      const vi = await list({ language: 'VI' });
      expect(vi.value.find((item) => item.category === 'welcome')).toMatchObject({ title: 'Thưởng chào mừng 100%', language: 'VI' });
      // No Vietnamese text for the tournament: English.
      expect(vi.value.find((item) => item.category === 'tournament')!.language).toBe('EN');
      const cashback = await list({ category: 'cashback' });
      expect(cashback.value.map((item) => item.category)).toEqual(['cashback']);
      expect(cashback.total).toBe(1);
      const page2 = await list({ page: 2, page_size: 3 });
      expect(page2).toMatchObject({ total: 4, page: 2, page_size: 3 });
      expect(page2.value).toHaveLength(1);
      const news = await list({ kind: 'news', language: 'CN' });
      expect(news.total).toBe(3);
      expect(news.value.map((item) => item.kind)).toEqual(['news', 'news', 'news']);
      const times = news.value.map((item) => Date.parse(item.start_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('answers the detail with a body sanitised on write and again on read; another site’s id is notFound', async () => {
      const siteId = (await sessionOf(db, 'casino1', 'demo')).siteId;
      const id = await savePromotion(db, siteId, {
        kind: 'news',
        category: 'update',
        imageUrl: '/api/media/banner/casino1/casino.svg',
        startAt: new Date(Date.now() - 1000),
        endAt: null,
        texts: { EN: { title: 'Hi', summary: 'S', body: '<p onclick="x()">Safe<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' } },
      });
      const [stored] = await db.select().from(promotionTexts).where(eq(promotionTexts.promotionId, id));
      expect(stored!.body).not.toMatch(/script|onclick|javascript/);
      // Written around the sanitiser: still clean when read.
      await db.update(promotionTexts).set({ body: '<p>Ok</p><img src=x onerror=alert(1)><script>x</script>' }).where(eq(promotionTexts.promotionId, id));
      const { status, body } = await post(PROMO_DETAIL, { ...siteOf('casino1.localhost'), promotion_id: id });
      expect(status).toBe(200);
      const detail = expectReply(promotionDetailReply, body).value;
      expect(detail).toMatchObject({ promotion_id: id, title: 'Hi', kind: 'news' });
      expect(detail.body).toContain('<p>Ok</p>');
      expect(detail.body).not.toMatch(/onerror|<script/);
      const other = await post(PROMO_DETAIL, { ...siteOf('casino2.localhost'), promotion_id: id });
      expectFailure(other.body, 'notFound');
      expect(other.status).toBe(404);
    });

    it('claims a promotion reward once (50 concurrent claims), joins a join-type one, refuses a read-only one', async () => {
      const player = await newPlayer(db, 'casino3');
      const items = (await list({}, 'casino3.localhost')).value;
      const welcome = items.find((item) => item.claim_type === 'claim')!;
      const cashback = items.find((item) => item.claim_type === 'join')!;
      const readOnly = items.find((item) => item.claim_type === 'none')!;
      const replies = await Promise.all(Array.from({ length: 50 }, () => post(PROMO_JOIN, { ...credentials(player), promotion_id: welcome.promotion_id })));
      const ok = replies.filter((reply) => reply.body.statusCode === 1);
      expect(ok).toHaveLength(1);
      expect(replies.filter((reply) => reply.body.message === 'alreadyClaimed')).toHaveLength(49);
      expect(expectReply(promotionJoinReply, ok[0]!.body)).toMatchObject({ amount: '50.0000', reward_type: 'tokens', game_token: '50.0000' });
      expect((await readBalances(db, player.playerId)).tokens).toBe('50.0000');
      await expectWalletMatchesLedger(player.playerId);

      const joined = expectReply(promotionJoinReply, (await post(PROMO_JOIN, { ...credentials(player), promotion_id: cashback.promotion_id })).body);
      expect(joined).toMatchObject({ amount: null, reward_type: null });
      expectFailure((await post(PROMO_JOIN, { ...credentials(player), promotion_id: cashback.promotion_id })).body, 'alreadyClaimed');
      expectFailure((await post(PROMO_JOIN, { ...credentials(player), promotion_id: readOnly.promotion_id })).body, 'notClaimable');
      // An ended promotion cannot be joined.
      await db.update(promotions).set({ startAt: new Date(Date.now() - 3 * 86_400_000), endAt: new Date(Date.now() - 86_400_000) }).where(eq(promotions.id, cashback.promotion_id));
      const late = await newPlayer(db, 'casino3');
      expectFailure((await post(PROMO_JOIN, { ...credentials(late), promotion_id: cashback.promotion_id })).body, 'notClaimable');
      // Another site's promotion is unknown.
      const other = await newPlayer(db, 'casino4');
      expectFailure((await post(PROMO_JOIN, { ...credentials(other), promotion_id: welcome.promotion_id })).body, 'notFound');
      expect((await readBalances(db, other.playerId)).tokens).toBe('0.0000');
    });
  });

  describe('validation', () => {
    it.each([
      [MISSIONS, { language: 'XX' }, 'language'],
      [MISSION_CLAIM, { mission_id: '1' }, 'mission_id'],
      [MISSION_CLAIM, { mission_id: 0 }, 'mission_id'],
      [MISSION_CLAIM, {}, 'mission_id'],
      [SPIN, { bet: 1 }, 'bet'],
      [MINIGAME, { release: true }, 'release'],
      [PROMO_JOIN, { promotion_id: -1 }, 'promotion_id'],
    ])('session call %s refuses %j', async (path, extra, field) => {
      const player = await newPlayer(db, 'casino1');
      const { status, body } = await post(path, { ...credentials(player), ...extra });
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect(Object.keys(body.errors as object)).toContain(field);
    });

    it.each([
      [SPIN_INFO, { extra: 1 }, 'extra'],
      [LEADERBOARD, { period: 'year' }, 'period'],
      [LEADERBOARD, { metric: 'deposits' }, 'metric'],
      [PROMO_LIST, { page_size: 51 }, 'page_size'],
      [PROMO_LIST, { category: 'poker' }, 'category'],
      [PROMO_LIST, { kind: 'blog' }, 'kind'],
      [PROMO_DETAIL, { promotion_id: 1.5 }, 'promotion_id'],
      [PROMO_DETAIL, {}, 'promotion_id'],
    ])('public call %s refuses %j', async (path, extra, field) => {
      const { status, body } = await post(path, { ...siteOf('casino1.localhost'), ...extra });
      expect(status).toBe(400);
      expectFailure(body, 'validationError');
      expect(Object.keys(body.errors as object)).toContain(field);
    });

    it('public calls answer siteNotFound for a mismatched site and underMaintenance during maintenance', async () => {
      for (const path of [SPIN_INFO, LEADERBOARD, PROMO_LIST]) {
        expectFailure((await post(path, { domain_name: 'casino1.localhost', external_id: 'casino2' })).body, 'siteNotFound');
        expectFailure((await post(path, siteOf('maintenance.localhost'))).body, 'underMaintenance');
      }
      expectFailure((await post(PROMO_DETAIL, { ...siteOf('maintenance.localhost'), promotion_id: 1 })).body, 'underMaintenance');
    });
  });

  describe('session failures', () => {
    it.each([
      [MISSIONS, {}],
      [MISSION_CLAIM, { mission_id: 1 }],
      [SPIN, {}],
      [MINIGAME, {}],
      [PROMO_JOIN, { promotion_id: 1 }],
    ])('%s answers sessionExpired, validationError, permissionDenied, BLOCK and CLOSE', async (path, extra) => {
      await expectSessionFailures(server.app, db, path, extra);
    });

    it('a blocked player cannot spin and keeps its tokens', async () => {
      const player = await newPlayer(db, 'casino1');
      await credit(player, 'tokens', '50', `test:tokens:${player.playerId}`);
      await db.update(players).set({ status: 'blocked' }).where(eq(players.id, player.playerId));
      expectFailure((await post(SPIN, credentials(player))).body, 'BLOCK');
      expect((await readBalances(db, player.playerId)).tokens).toBe('50.0000');
    });
  });
});

/*
 * Demo missions, lucky spin, frozen tokens, game rounds, promotions and news (docs/product.md D7,
 * ADR 0013), for every demo site. Texts are in English with Filipino, Chinese and Vietnamese
 * translations (and a few more); other languages fall back to English.
 */
import { and, eq } from 'drizzle-orm';
import { fromMinorUnits, type LocaleCode, toMinorUnits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { frozenTokenSettings, missions, players, providers, siteProviders, wallets } from '../db/schema.js';
import { gameAccount, postBatchToLedger, type BatchPosting } from '../ledger/index.js';
import { currencyMoney, seededRandom, between, pick, MINUTE, DAY, seedSites, type CurrencyMoney } from './helpers.js';
import { savePrizeTable, type PrizeInput } from '../rewards/spin.js';
import { savePromotion, type PromotionInput } from '../rewards/promotions.js';
import { utcDayStart } from '../rewards/missions.js';


type Texts<T> = Partial<Record<LocaleCode, T>> & { EN: T };
type MissionText = { title: string; description: string };

interface MissionSeed {
  code: string;
  kind: 'login' | 'deposit' | 'game_rounds' | 'turnover' | 'vip_level';
  period: 'once' | 'daily';
  target: (money: CurrencyMoney) => string;
  reward: string;
  texts: Texts<MissionText>;
}

const MISSIONS: MissionSeed[] = [
  {
    code: 'daily-login',
    kind: 'login',
    period: 'daily',
    target: () => '1',
    reward: '5',
    texts: {
      EN: { title: 'Daily check-in', description: 'Log in today to collect your daily tokens.' },
      PHP: { title: 'Araw-araw na check-in', description: 'Mag-log in ngayong araw para makuha ang iyong token.' },
      CN: { title: '每日签到', description: '今天登录即可领取每日代币。' },
      VI: { title: 'Điểm danh hằng ngày', description: 'Đăng nhập hôm nay để nhận token mỗi ngày.' },
    },
  },
  {
    code: 'first-deposit',
    kind: 'deposit',
    period: 'once',
    target: () => '1',
    reward: '50',
    texts: {
      EN: { title: 'First deposit', description: 'Make your first deposit and get 50 game tokens.' },
      PHP: { title: 'Unang deposito', description: 'Gawin ang iyong unang deposito at makakuha ng 50 game token.' },
      CN: { title: '首次存款', description: '完成首次存款即可获得50个游戏代币。' },
      VI: { title: 'Nạp tiền lần đầu', description: 'Nạp tiền lần đầu và nhận 50 token trò chơi.' },
    },
  },
  {
    code: 'daily-rounds',
    kind: 'game_rounds',
    period: 'daily',
    target: () => '10',
    reward: '10',
    texts: {
      EN: { title: 'Play 10 rounds', description: 'Play 10 game rounds today in any game.' },
      PHP: { title: 'Maglaro ng 10 round', description: 'Maglaro ng 10 round ngayong araw sa kahit anong laro.' },
      CN: { title: '玩10局游戏', description: '今天在任意游戏中玩10局。' },
      VI: { title: 'Chơi 10 ván', description: 'Chơi 10 ván trong bất kỳ trò chơi nào hôm nay.' },
    },
  },
  {
    code: 'weekly-turnover',
    kind: 'turnover',
    period: 'once',
    target: (money) => fromMinorUnits(money.of(200)),
    reward: '80',
    texts: {
      EN: { title: 'High roller', description: 'Reach the turnover target in games.' },
      PHP: { title: 'High roller', description: 'Abutin ang target na turnover sa mga laro.' },
      CN: { title: '豪客挑战', description: '在游戏中达到流水目标。' },
      VI: { title: 'Cao thủ', description: 'Đạt mục tiêu doanh số cược trong trò chơi.' },
    },
  },
  {
    code: 'vip-silver',
    kind: 'vip_level',
    period: 'once',
    target: () => '2',
    reward: '30',
    texts: {
      EN: { title: 'Reach VIP Silver', description: 'Reach the Silver VIP level.' },
      PHP: { title: 'Abutin ang VIP Silver', description: 'Abutin ang Silver na antas ng VIP.' },
      CN: { title: '晋级白银VIP', description: '达到白银VIP等级。' },
      VI: { title: 'Đạt VIP Bạc', description: 'Đạt cấp VIP Bạc.' },
    },
  },
  {
    code: 'vip-gold',
    kind: 'vip_level',
    period: 'once',
    target: () => '3',
    reward: '100',
    texts: {
      EN: { title: 'Reach VIP Gold', description: 'Reach the Gold VIP level.' },
      PHP: { title: 'Abutin ang VIP Gold', description: 'Abutin ang Gold na antas ng VIP.' },
      CN: { title: '晋级黄金VIP', description: '达到黄金VIP等级。' },
      VI: { title: 'Đạt VIP Vàng', description: 'Đạt cấp VIP Vàng.' },
    },
  },
];

/** The wheel: 8 segments whose weights (parts per million) sum to exactly 1,000,000. */
function prizeTable(money: CurrencyMoney): PrizeInput[] {
  return [
    { label: 'Try again', prizeType: 'none', amount: '0', weight: 300_000 },
    { label: '5 tokens', prizeType: 'tokens', amount: '5', weight: 250_000 },
    { label: '20 frozen tokens', prizeType: 'frozen_tokens', amount: '20', weight: 150_000 },
    { label: '15 tokens', prizeType: 'tokens', amount: '15', weight: 120_000 },
    { label: `${money.currency} ${fromMinorUnits(money.of(1)).replace(/\.0+$/, '')}`, prizeType: 'balance', amount: fromMinorUnits(money.of(1)), weight: 100_000 },
    { label: '50 frozen tokens', prizeType: 'frozen_tokens', amount: '50', weight: 50_000 },
    { label: '50 tokens', prizeType: 'tokens', amount: '50', weight: 25_000 },
    { label: `${money.currency} ${fromMinorUnits(money.of(20)).replace(/\.0+$/, '')}`, prizeType: 'balance', amount: fromMinorUnits(money.of(20)), weight: 5_000 },
  ];
}

type PromotionText = { title: string; summary: string; body: string };

function promotionSeeds(site: { externalId: string; siteName: string }, money: CurrencyMoney, now: number): PromotionInput[] {
  const banner = (motif: string) => `/api/media/banner/${encodeURIComponent(site.externalId)}/${motif}.svg`;
  const name = site.siteName;
  const amount = (usd: number) => `${money.currency} ${fromMinorUnits(money.of(usd)).replace(/\.0+$/, '')}`;
  const texts = (value: Texts<PromotionText>) => value;
  return [
    {
      kind: 'promotion',
      category: 'welcome',
      imageUrl: banner('welcome'),
      startAt: new Date(now - 30 * DAY),
      endAt: new Date(now + 335 * DAY),
      claimType: 'claim',
      rewardAmount: '50',
      rewardType: 'tokens',
      // "Minimum deposit" of its terms, checked when a deposit names it (ADR 0022).
      minDeposit: fromMinorUnits(money.of(10)),
      texts: texts({
        EN: {
          title: '100% welcome bonus',
          summary: `Double your first deposit up to ${amount(100)}, plus 50 free game tokens.`,
          body: `<h3>Welcome to ${name}</h3><p>Your first deposit is matched <strong>100%</strong> up to ${amount(100)}.</p><ul><li>Minimum deposit ${amount(10)}</li><li>10x turnover on the bonus</li><li>Claim your 50 free game tokens below</li></ul><p>Terms apply.</p>`,
        },
        PHP: {
          title: '100% welcome bonus',
          summary: `Doblehin ang iyong unang deposito hanggang ${amount(100)}, at 50 libreng game token.`,
          body: `<h3>Maligayang pagdating sa ${name}</h3><p>Tutumbasan ng <strong>100%</strong> ang iyong unang deposito hanggang ${amount(100)}.</p><ul><li>Pinakamababang deposito ${amount(10)}</li><li>10x turnover sa bonus</li><li>Kunin ang iyong 50 libreng game token sa ibaba</li></ul><p>May mga kondisyong nalalapat.</p>`,
        },
        CN: {
          title: '100%新人奖金',
          summary: `首存翻倍，最高${amount(100)}，另送50个免费游戏代币。`,
          body: `<h3>欢迎来到${name}</h3><p>首次存款可获<strong>100%</strong>奖金，最高${amount(100)}。</p><ul><li>最低存款${amount(10)}</li><li>奖金需10倍流水</li><li>在下方领取50个免费游戏代币</li></ul><p>须遵守相关条款。</p>`,
        },
        VI: {
          title: 'Thưởng chào mừng 100%',
          summary: `Nhân đôi lần nạp đầu tiên tối đa ${amount(100)}, kèm 50 token miễn phí.`,
          body: `<h3>Chào mừng đến ${name}</h3><p>Lần nạp đầu tiên được thưởng <strong>100%</strong> tối đa ${amount(100)}.</p><ul><li>Nạp tối thiểu ${amount(10)}</li><li>Doanh số cược 10 lần tiền thưởng</li><li>Nhận 50 token miễn phí bên dưới</li></ul><p>Áp dụng điều khoản.</p>`,
        },
        MS: {
          title: 'Bonus alu-aluan 100%',
          summary: `Gandakan deposit pertama anda sehingga ${amount(100)}, serta 50 token permainan percuma.`,
          body: `<h3>Selamat datang ke ${name}</h3><p>Deposit pertama anda dipadankan <strong>100%</strong> sehingga ${amount(100)}.</p><p>Terma dan syarat dikenakan.</p>`,
        },
      }),
    },
    {
      kind: 'promotion',
      category: 'cashback',
      imageUrl: banner('casino'),
      startAt: new Date(now - 7 * DAY),
      endAt: new Date(now + 60 * DAY),
      claimType: 'join',
      texts: texts({
        EN: {
          title: 'Weekly 5% cashback',
          summary: 'Join and get 5% of your net losses back every Monday.',
          body: '<p>Join this promotion and every Monday we credit <strong>5%</strong> of last week\'s net live casino losses to your balance.</p><p>Cashback is paid automatically. Terms apply.</p>',
        },
        PHP: {
          title: 'Lingguhang 5% cashback',
          summary: 'Sumali at makuha ang 5% ng iyong net na talo tuwing Lunes.',
          body: '<p>Sumali sa promosyong ito at tuwing Lunes ibabalik namin ang <strong>5%</strong> ng iyong net na talo sa live casino noong nakaraang linggo.</p><p>May mga kondisyong nalalapat.</p>',
        },
        CN: {
          title: '每周5%返水',
          summary: '参加活动，每周一返还5%净亏损。',
          body: '<p>参加本活动，每周一我们将把上周真人娱乐场净亏损的<strong>5%</strong>返还到您的余额。</p><p>须遵守相关条款。</p>',
        },
        VI: {
          title: 'Hoàn trả 5% mỗi tuần',
          summary: 'Tham gia và nhận lại 5% số tiền thua ròng vào mỗi thứ Hai.',
          body: '<p>Tham gia khuyến mãi này và mỗi thứ Hai chúng tôi hoàn <strong>5%</strong> số tiền thua ròng tại sòng bài trực tiếp tuần trước.</p><p>Áp dụng điều khoản.</p>',
        },
      }),
    },
    {
      kind: 'promotion',
      category: 'tournament',
      imageUrl: banner('slots'),
      startAt: new Date(now - 2 * DAY),
      endAt: new Date(now + 12 * DAY),
      claimType: 'join',
      texts: texts({
        EN: {
          title: `Slots tournament: ${amount(1000)} prize pool`,
          summary: 'Join, spin the featured slots and climb the leaderboard.',
          body: `<p>The top 20 players by turnover on the featured slots share <strong>${amount(1000)}</strong>.</p><ol><li>Join the tournament</li><li>Play any featured slot</li><li>Check your rank on the leaderboard</li></ol>`,
        },
        PHP: {
          title: `Slots tournament: ${amount(1000)} na premyo`,
          summary: 'Sumali, laruin ang mga tampok na slot at umakyat sa leaderboard.',
          body: `<p>Hahatiin ng nangungunang 20 manlalaro ang <strong>${amount(1000)}</strong>.</p><ol><li>Sumali sa torneo</li><li>Laruin ang kahit anong tampok na slot</li><li>Tingnan ang iyong ranggo sa leaderboard</li></ol>`,
        },
        CN: {
          title: `老虎机锦标赛：奖池${amount(1000)}`,
          summary: '报名参加，玩精选老虎机，冲上排行榜。',
          body: `<p>精选老虎机流水前20名玩家瓜分<strong>${amount(1000)}</strong>。</p><ol><li>报名参赛</li><li>玩任意精选老虎机</li><li>在排行榜查看名次</li></ol>`,
        },
      }),
    },
    {
      kind: 'promotion',
      category: 'vip',
      imageUrl: banner('vip'),
      startAt: new Date(now - 60 * DAY),
      endAt: null,
      claimType: 'none',
      texts: texts({
        EN: {
          title: 'VIP club privileges',
          summary: 'Higher cashback, faster withdrawals and a personal manager as you level up.',
          body: '<p>Every deposit and bet brings you closer to the next VIP level. See the <a href="/vip">VIP page</a> for the benefits of each level.</p>',
        },
        VI: {
          title: 'Đặc quyền câu lạc bộ VIP',
          summary: 'Hoàn trả cao hơn, rút tiền nhanh hơn và quản lý riêng khi bạn lên cấp.',
          body: '<p>Mỗi lần nạp và cược đưa bạn đến gần cấp VIP tiếp theo. Xem <a href="/vip">trang VIP</a> để biết quyền lợi.</p>',
        },
      }),
    },
    {
      kind: 'news',
      category: 'update',
      imageUrl: banner('slots'),
      startAt: new Date(now - 1 * DAY),
      endAt: null,
      texts: texts({
        EN: {
          title: 'New games this week',
          summary: 'Ten new slots and two live tables have joined the lobby.',
          body: '<p>This week we added <strong>ten new slots</strong> and two live casino tables. Find them under <em>New</em> in the lobby.</p>',
        },
        PHP: {
          title: 'Mga bagong laro ngayong linggo',
          summary: 'Sampung bagong slot at dalawang live table ang nadagdag.',
          body: '<p>Ngayong linggo nagdagdag kami ng <strong>sampung bagong slot</strong> at dalawang live casino table.</p>',
        },
        CN: {
          title: '本周新游戏',
          summary: '大厅新增十款老虎机和两张真人桌。',
          body: '<p>本周我们新增了<strong>十款老虎机</strong>和两张真人娱乐场桌台，可在大厅“新游戏”中找到。</p>',
        },
        VI: {
          title: 'Trò chơi mới tuần này',
          summary: 'Mười slot mới và hai bàn trực tiếp đã có mặt.',
          body: '<p>Tuần này chúng tôi thêm <strong>mười slot mới</strong> và hai bàn sòng bài trực tiếp.</p>',
        },
      }),
    },
    {
      kind: 'news',
      category: 'announcement',
      imageUrl: banner('sports'),
      startAt: new Date(now - 4 * DAY),
      endAt: null,
      texts: texts({
        EN: {
          title: 'Football season is back',
          summary: 'Pre-match and live odds on every major league.',
          body: '<p>The new football season has started. Bet pre-match or live on every major league at the sportsbook.</p>',
        },
        ESP: {
          title: 'Vuelve la temporada de fútbol',
          summary: 'Cuotas previas y en vivo en todas las grandes ligas.',
          body: '<p>La nueva temporada de fútbol ha comenzado. Apuesta antes del partido o en vivo en todas las grandes ligas.</p>',
        },
        CN: {
          title: '足球赛季回归',
          summary: '各大联赛赛前及滚球赔率。',
          body: '<p>新足球赛季已开赛，在体育投注中投注各大联赛的赛前或滚球盘口。</p>',
        },
      }),
    },
    {
      kind: 'news',
      category: 'event',
      imageUrl: banner('referral'),
      startAt: new Date(now - 10 * DAY),
      endAt: null,
      texts: texts({
        EN: {
          title: 'Invite friends, earn together',
          summary: 'Share your referral code and earn a bonus for every friend who deposits.',
          body: '<p>Share your referral code from the <a href="/referral">referral page</a>. You earn a bonus for each friend who makes a first deposit.</p>',
        },
        PHP: {
          title: 'Mag-imbita ng kaibigan',
          summary: 'Ibahagi ang iyong referral code at kumita ng bonus.',
          body: '<p>Ibahagi ang iyong referral code mula sa <a href="/referral">referral page</a>.</p>',
        },
      }),
    },
  ];
}

/** Seeds the rewards programmes of every demo site. */
export async function seedRewardPrograms(db: Db): Promise<void> {
  const siteRows = await seedSites(db);
  const now = Date.now();
  for (const site of siteRows) {
    const money = currencyMoney(site.currency);
    await db.insert(missions).values(
      MISSIONS.map((mission, sort) => ({
        siteId: site.id,
        code: mission.code,
        kind: mission.kind,
        period: mission.period,
        target: mission.target(money),
        rewardTokens: mission.reward,
        texts: mission.texts,
        sort,
      })),
    );
    await savePrizeTable(db, site.id, '10', prizeTable(money));
    await db.insert(frozenTokenSettings).values({ siteId: site.id, releaseKind: 'deposit', releaseTarget: fromMinorUnits(money.of(20)) });
    for (const promotion of promotionSeeds(site, money, now)) await savePromotion(db, site.id, promotion);
    await seedGameRounds(db, site.id, now);
  }
}

/**
 * Game rounds (a `bet` and sometimes a `win` ledger entry, as the providers' wallet callbacks post
 * them) of the demo player and of the site's other players over the last days, so missions and the
 * leaderboards show real numbers; and frozen tokens for the demo player. One ledger batch a site.
 */
async function seedGameRounds(db: Db, siteId: number, now: number): Promise<void> {
  const random = seededRandom(`rounds:${siteId}`);
  const rows = await db
    .select({ id: players.id, accountId: players.accountId, balance: wallets.balance })
    .from(players)
    .innerJoin(wallets, eq(wallets.playerId, players.id))
    .where(and(eq(players.siteId, siteId), eq(players.status, 'active')))
    .orderBy(players.id);
  const demo = rows.find((row) => row.accountId === 'demo');
  const crowd = rows.filter((row) => row.accountId !== 'demo').slice(0, 14);
  // Each round is played at one of the site's game providers: its stake and win go to that provider's account.
  const offered = await db
    .select({ code: providers.code })
    .from(siteProviders)
    .innerJoin(providers, eq(providers.id, siteProviders.providerId))
    .where(eq(siteProviders.siteId, siteId))
    .orderBy(siteProviders.sortOrder);
  const providerCodes = offered.length > 0 ? offered.map((row) => row.code) : ['unattributed'];
  const postings: BatchPosting[] = [];
  const todayStart = utcDayStart(new Date(now)).getTime();
  for (const player of [...(demo ? [demo] : []), ...crowd]) {
    const isDemo = player === demo;
    const rounds = isDemo ? 4 : between(random, 3, 9);
    // Stakes of at most 2% of the balance each, in whole units, so the rounds never overdraw.
    const base = ((toMinorUnits(player.balance) / 50n) / 10_000n) * 10_000n;
    if (base <= 0n) continue;
    for (let round = 0; round < rounds; round++) {
      // Whole units, as a player stakes; wins in cents: balances stay in the currency's own steps.
      const stake = ((base * BigInt(between(random, 20, 100))) / 100n / 10_000n) * 10_000n || base;
      // The demo player's rounds are today; the others' spread over the last three weeks, some today.
      const minutesAgo = isDemo || round === 0 ? between(random, 1, 30) : between(random, 60, 21 * 24 * 60);
      // "Today" is the UTC day the daily missions count: just after midnight, the demo's rounds
      // stay inside it rather than falling into yesterday.
      const createdAt = new Date(isDemo ? Math.max(now - minutesAgo * MINUTE, todayStart) : now - minutesAgo * MINUTE);
      const key = `seed:round:${player.id}:${round}`;
      const entry = { playerId: player.id, account: 'balance' as const, counter: gameAccount(pick(random, providerCodes)), reference: 'seed round', createdAt };
      postings.push({ ...entry, amount: fromMinorUnits(-stake), type: 'bet', idempotencyKey: `${key}:bet` });
      if (random() < 0.45) {
        const win = ((stake * BigInt(between(random, 120, 600))) / 100n / 100n) * 100n;
        postings.push({ ...entry, amount: fromMinorUnits(win), type: 'win', idempotencyKey: `${key}:win` });
      }
    }
  }
  if (demo) {
    postings.push({
      playerId: demo.id,
      account: 'frozen_tokens',
      amount: '120',
      counter: 'rewards',
      type: 'bonus',
      reference: 'minigame frozen tokens',
      idempotencyKey: 'seed:demo:frozen-tokens',
    });
  }
  const result = await postBatchToLedger(db, siteId, postings);
  if (!result.ok) throw new Error(`Seed game rounds of site ${siteId} refused: ${result.message}`);
}

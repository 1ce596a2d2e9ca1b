import { describe, expect, it } from 'vitest';
import { CALLS, type CallName } from '../../src/calls/index.js';
import { failureReply } from '../../src/envelope.js';

const ok = { statusCode: 1, message: 'OK' } as const;
const site = { domain_name: 'demo.localhost', external_id: 'demo' };
const session = { account_id: 'demo', auth: 'a'.repeat(43) };
const at = '2025-01-31T12:00:00.000Z';

const user = { account_id: 'demo', session_token: 'a'.repeat(43), full_name: 'Demo Player', contact_email: 'demo@example.com' };
const loginReply = { ...ok, token: 'a'.repeat(43), user, fullname: 'Demo Player', email: 'demo@example.com' };
const tacReply = { ...ok, expires_in: 300, resend_in: 60 };
const fav = { game_code: 'sweet-1', game_name: 'Sweet Bonanza', game_type: 'slots', img_url: '/media/games/sweet-1.webp', provider_code: 'PP' };
const tile = {
  provider_code: 'PP', game_code: 'sweet-1', game_name: 'Sweet Bonanza', game_type: 'slots', game_image: '/media/games/sweet-1.svg',
  provider_name: 'Pragmatic Play', game_placeholder: 'linear-gradient(109deg,#f74c86,#6510c1)', hot: true, is_new: false, has_demo: false,
};
const row = { account_id: 'de**o', amount: '150.00', currency: 'PHP', created_at: at };
const cmsPage = { status: true, en_body: '<p>About</p>', local_body: '', local_language: null };
const teams = { home_team_name: 'Arsenal', away_team_name: 'Chelsea', home_name_vi: 'Arsenal', away_name_cn: '切尔西' };
const matchBase = { match_id: 1, sport: 'soccer', league: 'Premier League', start_time: at, status: 'upcoming', ...teams };
const selection = { selection_id: 5, bet_type: 'HDP', home_away: 'home', criteria1: '-0.5', odds: '1.95' };
const spinPrize = { prize_id: 4, index: 3, label: '50 tokens', prize_type: 'tokens', amount: '50.0000', weight: 100000, probability: '0.100000' };
const promotion = {
  promotion_id: 3, kind: 'promotion', category: 'welcome', title: 'Welcome bonus', summary: '100% on your first deposit', image_url: '/api/media/banner/demo/welcome.svg',
  start_at: at, end_at: null, claim_type: 'claim', reward_amount: '50.0000', reward_type: 'tokens', language: 'EN',
};

interface Example {
  payload: Record<string, unknown>;
  /** A field set to a value of the wrong type; null for calls without payload fields. */
  wrong: [string, unknown] | null;
  reply: Record<string, unknown>;
}

const EXAMPLES: Record<CallName, Example> = {
  startup: {
    payload: { domain_name: 'Demo.Localhost:3000' },
    wrong: ['domain_name', 42],
    reply: {
      ...ok,
      maintenance: { is_maintenance: false, start_date: null, end_date: null },
      content: { menu: [{ content_id: 'home', title: 'Home', path: '/', icon: null, children: [] }], game_menu: [] },
      site: {
        site_name: 'Demo', currency: 'PHP', theme_code: 'casino1', theme_color: 'gold', logo1: '', logo2: '', logo3: '',
        status: true, expired_date: null, logo_text: 'DEMO', external_id: 'demo', android_sub: '', ios_sub: '',
        manifest_icon: '', gamify_status: true, minimum_age: 18,
      },
      language: ['EN', 'VI'],
      provider_count: [{ category: 'slots', count: 12 }],
      aff_domain: '',
      live_chat: { chat_id: 'c1', image_id: 'i1', status: true, integration: 'manual_onboarding' },
    },
  },
  login: { payload: { ...site, account_id: 'Demo', password: 'x' }, wrong: ['password', 1234], reply: loginReply },
  loginTac: { payload: { ...site, account_id: 'demo', tac: '123456' }, wrong: ['tac', 123456], reply: loginReply },
  getBalance: { payload: session, wrong: ['auth', null], reply: { ...ok, game_balance: '1000.50', game_token: '20' } },
  forgotPassword: {
    payload: { ...site, account_id: 'demo', contact_phone: '09171234567' },
    wrong: ['contact_phone', 9171234567],
    reply: tacReply,
  },
  signup: {
    payload: {
      ...site, account_id: 'newbie1', password: 'secret123', contact_phone: '09171234567', contact_email: 'new@example.com', birth_date: '1990-01-01',
      referrer_code: 'REF1', ch: 'fb', cm: 'spring', pp: '', affiliate_code: 'AFF', fbp: 'fb.1.1.1', appsflyer_id: 'af-1', visitor_id: 'v1',
    },
    wrong: ['contact_email', ['new@example.com']],
    reply: loginReply,
  },
  tacVerify: { payload: { ...site, account_id: 'newbie1', tac: '654321' }, wrong: ['tac', true], reply: { ...ok, verified: true } },
  tacRequestNewRegister: { payload: { ...site, account_id: 'newbie1' }, wrong: ['account_id', 7], reply: tacReply },
  tacRequestLogin: { payload: { ...site, account_id: 'demo' }, wrong: ['external_id', {}], reply: tacReply },
  updatePassword: {
    payload: { ...session, password: 'demo1234', new_password: 'better123' },
    wrong: ['new_password', 12345678],
    reply: ok,
  },
  vip: {
    payload: session,
    wrong: ['account_id', 1],
    reply: {
      ...ok, totalDeposit: '5000.00', totalTurnover: '12000.00', currentLevel: 'Silver',
      nextLevel: [{
        vip_name: 'Silver', vip_name_next: 'Gold', starting_deposit: '5000', cycle_deposit: '0', deposit_next: '10000',
        starting_turnover: '12000', cycle_turnover: '0', turnover_next: '50000',
      }],
    },
  },
  sessions: {
    payload: session,
    wrong: ['auth', 1],
    reply: {
      ...ok,
      value: [{ id: 7, created_at: at, last_seen_at: at, ip: '203.0.113.*', device: 'Chrome on Windows', current: true }],
    },
  },
  sessionsRevokeOthers: { payload: session, wrong: ['account_id', 1], reply: { ...ok, ended: 2 } },
  logout: { payload: session, wrong: ['auth', 1], reply: ok },
  favList: { payload: session, wrong: ['auth', 1], reply: { ...ok, value: [fav] } },
  favAdd: {
    payload: { ...session, provider_code: 'PP', game_code: 'sweet-1', game_name: 'Sweet Bonanza', game_type: 'slots', img_url: '/media/games/sweet-1.webp' },
    wrong: ['game_type', 3],
    reply: { ...ok, value: [fav] },
  },
  favRemove: { payload: { ...session, provider_code: 'PP', game_code: 'sweet-1' }, wrong: ['game_code', 1], reply: { ...ok, value: [] } },
  fetchTransactions: {
    payload: site,
    wrong: ['domain_name', 1],
    reply: {
      ...ok,
      value: { deposits: [row], withdrawals: [row] },
      statistics: { withrawal: '123456.78', winner: 42, hour_withdrawal: '980.00', registered_player: 1200, active_player: 85, deposited_player: 640 },
    },
  },
  fetchSlide: {
    payload: site,
    wrong: ['external_id', 1],
    reply: { ...ok, value: [{ id: 1, title: 'Welcome', image_url: '/media/slides/1.webp', link: '/promotions', sort: 1 }] },
  },
  fetchAnnouncement: {
    payload: site,
    wrong: ['external_id', 1],
    reply: { ...ok, value: [{ id: 1, title: 'Hello', body: 'Welcome to the site.', created_at: at }] },
  },
  marquee: { payload: site, wrong: ['external_id', 1], reply: { ...ok, value: [{ id: 1, text: 'Big wins today!' }] } },
  referral: { payload: site, wrong: ['external_id', 1], reply: { ...ok, setting_value: '1' } },
  publicOdds: { payload: {}, wrong: null, reply: { ...ok, value: [{ ...matchBase, ...selection }] } },
  matchList: {
    payload: {},
    wrong: null,
    reply: { ...ok, value: [{ ...matchBase, home_score: null, away_score: null, suspended: false, minute: null, odds: [selection, { ...selection, bet_type: '1X2', home_away: 'draw', criteria1: null, odds: '3.40' }] }] },
  },
  getHotGames: {
    payload: { ...site, game_type: 'hot' },
    wrong: ['game_type', 1],
    reply: { ...ok, value: [{ provider_code: 'PP', game_code: 'sweet-1', game_name: 'Sweet Bonanza', game_type: 'slots', game_image: '/media/games/sweet-1.webp' }] },
  },
  gameLists: {
    payload: { ...site },
    wrong: ['external_id', 7],
    reply: { ...ok, value: { hot: [tile], featured: [], popular: [tile], new: [] } },
  },
  lobby: {
    payload: { ...site, category: 'slots', provider: 'pragmatic-play', search: 'sweet', page: 2, page_size: 24 },
    wrong: ['page', '2'],
    reply: {
      ...ok,
      value: [tile],
      total: 25,
      page: 2,
      page_size: 24,
      providers: [{ provider_code: 'PP', slug: 'pragmatic-play', name: 'Pragmatic Play', count: 25, filterable: true }],
    },
  },
  launch: {
    payload: { ...session, provider_code: 'PP', game_code: 'sweet-1', locale: 'VI', device: 'mobile' },
    wrong: ['game_code', 3],
    reply: { ...ok, value: { url: 'https://games.example.com/launch?t=x', mode: 'iframe', game_session_id: '7f1c0d9e-2a35-4c1b-9d7e-1b2c3d4e5f60', game: tile } },
  },
  demoLaunch: {
    payload: { ...site, provider_code: 'HOUSE', game_code: 'MINES', locale: 'VI', device: 'mobile' },
    wrong: ['provider_code', 3],
    reply: { ...ok, value: { url: 'https://house.example.com/house/demo?game=MINES&lang=vi&currency=PHP', mode: 'iframe', game: { ...tile, has_demo: true } } },
  },
  profileUpdate: {
    payload: { ...session, full_name: 'Demo Player', contact_email: 'demo@example.com' },
    wrong: ['full_name', 5],
    reply: { ...ok, value: [{ contact_email: 'demo@example.com', full_name: 'Demo Player' }] },
  },
  socialAccount: {
    payload: site,
    wrong: ['domain_name', false],
    reply: { ...ok, accountList: [{ type: 'telegram', name: '@demo', link: 'https://t.me/demo', icon: '/media/social/telegram.svg' }] },
  },
  top10WinnerWithdrawal: {
    payload: site,
    wrong: ['domain_name', false],
    reply: { ...ok, value: [{ ...row, game_name: null }] },
  },
  siteInfoDetail: {
    payload: site,
    wrong: ['domain_name', false],
    reply: { ...ok, cms: { about_us: cmsPage, privacy_policy: cmsPage, banking: cmsPage, faqs: cmsPage, responsible_gaming: { ...cmsPage, status: false }, terms_conditions: cmsPage } },
  },
  getInbox: {
    payload: session,
    wrong: ['auth', 1],
    reply: {
      ...ok,
      value: [
        { inbox_id: 1, title: 'Bonus', body: 'A gift', created_at: at, read: false, claimable: true, claimed: false, reward_amount: '50.00', reward_type: 'balance' },
        { inbox_id: 2, title: 'News', body: 'Hello', created_at: at, read: true, claimable: false, claimed: false, reward_amount: null, reward_type: null },
      ],
    },
  },
  claimInbox: {
    payload: { ...session, inbox_id: 1 },
    wrong: ['inbox_id', '1'],
    reply: { ...ok, amount: '50.00', reward_type: 'balance', game_balance: '1050.50', game_token: '20' },
  },
  checkStatus: { payload: session, wrong: ['auth', 1], reply: ok },
  getAnalytics: {
    payload: { domain_name: 'demo.localhost' },
    wrong: ['domain_name', 1],
    reply: { ...ok, value: [{ section: 'HEAD', script: '<script>window.dataLayer=[]</script>' }] },
  },
  adsVisit: { payload: { ...site, fbp: 'fb.1.1.1', appsflyer_id: 'af-1' }, wrong: ['fbp', 1], reply: ok },
  partners: {
    payload: site,
    wrong: ['domain_name', 1],
    reply: { ...ok, partners: [{ href: 'https://partner.example', img_url: '/media/partners/1.webp', partner_name: 'Partner' }] },
  },
  seo: {
    payload: { ...site, page_name: 'home' },
    wrong: ['page_name', 1],
    reply: {
      ...ok,
      value: {
        id: 1, page_name: 'home', en_item_name: 'Home', en_body: '<p>Hi</p>', local_item_name: '', local_body: '', meta_title: 'Demo',
        meta_desc: 'Demo site', meta_keywords: 'casino,slots', meta_url: 'https://demo.localhost/', meta_canonical: 'https://demo.localhost/',
        meta_author: 'Demo', meta_publisher: 'Demo', meta_lang: 'en', meta_image_url: '/media/og.webp',
      },
    },
  },
  missions: {
    payload: { ...session, language: 'VI' },
    wrong: ['language', 'xx'],
    reply: {
      ...ok,
      value: [
        {
          mission_id: 1, kind: 'login', period: 'daily', title: 'Daily check-in', description: 'Log in today', target: '1.0000', progress: '1.0000',
          progress_percent: 100, reward_tokens: '10.0000', claimable: true, claimed: false, period_end: at,
        },
      ],
    },
  },
  missionClaim: {
    payload: { ...session, mission_id: 1 },
    wrong: ['mission_id', '1'],
    reply: { ...ok, mission_id: 1, reward_tokens: '10.0000', game_balance: '100.0000', game_token: '30.0000' },
  },
  spinInfo: { payload: site, wrong: ['external_id', 1], reply: { ...ok, spin_cost: '10.0000', prizes: [spinPrize] } },
  spin: {
    payload: session,
    wrong: ['auth', 1],
    reply: { ...ok, spin_id: 'b3c0', prize: spinPrize, spin_cost: '10.0000', game_balance: '1.0000', game_token: '25.0000', frozen_token: '0.0000' },
  },
  minigame: {
    payload: session,
    wrong: ['auth', 1],
    reply: {
      ...ok, token_balance: '20.0000', frozen_token: '50.0000', released: '0.0000',
      release_condition: { kind: 'deposit', target: '500.0000', progress: '100.0000', progress_percent: 20 },
    },
  },
  leaderboard: {
    payload: { ...site, period: 'week', metric: 'winnings' },
    wrong: ['period', 'year'],
    reply: { ...ok, period: 'week', metric: 'winnings', period_start: at, currency: 'PHP', value: [{ rank: 1, account_id: 'de***3', amount: '900.0000' }] },
  },
  vipLevels: {
    payload: site,
    wrong: ['domain_name', 1],
    reply: {
      ...ok,
      currency: 'PHP',
      value: [
        { level: 1, name: 'Bronze', deposit_target: '0.0000', turnover_target: '0.0000', benefits: ['Welcome bonus'] },
        { level: 2, name: 'Silver', deposit_target: '5000.0000', turnover_target: '50000.0000', benefits: [] },
      ],
    },
  },
  referralInfo: {
    payload: session,
    wrong: ['auth', 1],
    reply: { ...ok, referral_code: 'ABCD2345', joined_count: 2, latest: [{ account_id: 'fr***d', joined_at: at }] },
  },
  promotionList: {
    payload: { ...site, kind: 'news', category: 'update', page: 1, page_size: 10 },
    wrong: ['page', '1'],
    reply: { ...ok, value: [promotion], total: 1, page: 1, page_size: 10, categories: ['welcome'] },
  },
  promotionDetail: {
    payload: { ...site, promotion_id: 3, language: 'CN' },
    wrong: ['promotion_id', 0],
    reply: { ...ok, value: { ...promotion, body: '<p>Terms</p>' } },
  },
  promotionJoin: {
    payload: { ...session, promotion_id: 3 },
    wrong: ['promotion_id', 'x'],
    reply: { ...ok, promotion_id: 3, amount: '50.0000', reward_type: 'tokens', game_balance: '10.0000', game_token: '60.0000' },
  },
  promotionJoined: {
    payload: { ...session, promotion_ids: [3, 4] },
    wrong: ['promotion_ids', [0]],
    reply: { ...ok, value: [{ promotion_id: 3, joined_at: at }] },
  },
  // banking (ADR 0015)
  bankingInfo: {
    payload: site,
    wrong: ['external_id', 1],
    reply: {
      ...ok, currency: 'PHP',
      limits: { min_deposit: '100.0000', max_deposit: '50000.0000', min_withdrawal: '200.0000', max_withdrawal: '100000.0000' },
      max_accounts: 3,
      methods: [{ method_id: 1, kind: 'bank_transfer', name: 'Bank transfer', instructions: 'Pay into one of our accounts.', banks: ['BDO Unibank'] }],
      banks: [{ bank_id: 1, code: 'BDO', name: 'BDO Unibank', kind: 'bank' }],
    },
  },
  bankingSummary: {
    payload: session,
    wrong: ['auth', 1],
    reply: {
      ...ok, currency: 'PHP', game_balance: '900.0000', held_balance: '100.0000', total_balance: '1000.0000',
      limits: { min_deposit: '100.0000', max_deposit: '50000.0000', min_withdrawal: '200.0000', max_withdrawal: '100000.0000' },
      max_accounts: 3, pending_deposits: 1, pending_withdrawals: 1,
    },
  },
  bankingBanks: { payload: session, wrong: ['account_id', 1], reply: { ...ok, value: [{ bank_id: 1, code: 'BDO', name: 'BDO Unibank', kind: 'bank' }] } },
  bankAccounts: { payload: session, wrong: ['auth', null], reply: { ...ok, value: [], max_accounts: 3, full_name: 'Demo Player' } },
  bankAccountAdd: {
    payload: { ...session, bank_id: 1, account_name: 'Demo Player', account_number: '001234567890', is_default: true },
    wrong: ['account_number', 1234567890],
    reply: {
      ...ok, max_accounts: 3, full_name: 'Demo Player',
      value: [{ bank_account_id: 4, bank_id: 1, bank_code: 'BDO', bank_name: 'BDO Unibank', account_name: 'Demo Player', account_number: '001234567890', is_default: true, created_at: at }],
    },
  },
  bankAccountSetDefault: { payload: { ...session, bank_account_id: 4 }, wrong: ['bank_account_id', '4'], reply: { ...ok, value: [], max_accounts: 3, full_name: '' } },
  bankAccountRemove: { payload: { ...session, bank_account_id: 4 }, wrong: ['bank_account_id', 0], reply: { ...ok, value: [], max_accounts: 3, full_name: '' } },
  depositMethods: {
    payload: session,
    wrong: ['auth', 1],
    reply: {
      ...ok, currency: 'PHP', min_deposit: '100.0000', max_deposit: '50000.0000',
      value: [{
        method_id: 1, kind: 'bank_transfer', name: 'Bank transfer', instructions: 'Transfer, then send us the reference.',
        receiving_accounts: [{ receiving_account_id: 2, bank_code: 'BDO', bank_name: 'BDO Unibank', account_name: 'GOLDEN CROWN INC', account_number: '0012345678' }],
      }],
      promotions: [{ promotion_id: 3, title: 'Welcome bonus', reward_amount: '50.0000', reward_type: 'tokens' }],
    },
  },
  receiptUpload: {
    payload: { ...session, content_type: 'image/png', data: 'iVBORw0KGgo=' },
    wrong: ['content_type', 'image/gif'],
    reply: { ...ok, receipt_id: 5, content_type: 'image/png', size: 1024, width: 300, height: 600, created_at: at },
  },
  receipt: {
    payload: { ...session, receipt_id: 5 },
    wrong: ['receipt_id', 'x'],
    reply: { ...ok, receipt_id: 5, content_type: 'image/png', size: 8, width: 1, height: 1, created_at: at, data: 'iVBORw0KGgo=' },
  },
  depositRequest: {
    payload: { ...session, method_id: 1, receiving_account_id: 2, amount: '500.50', transfer_reference: 'FT123456', promotion_id: 3 },
    wrong: ['amount', 500.5],
    reply: {
      ...ok,
      value: {
        deposit_id: 9, reference: 'DP-9', amount: '500.5000', currency: 'PHP', status: 'pending', reason: '', created_at: at, decided_at: null,
        method_id: 1, method_name: 'Bank transfer', receiving_account: null, transfer_reference: 'FT123456', receipt_id: null, promotion_id: 3,
      },
    },
  },
  depositCancel: {
    payload: { ...session, deposit_id: 9 },
    wrong: ['deposit_id', -1],
    reply: {
      ...ok,
      value: {
        deposit_id: 9, reference: 'DP-9', amount: '500.5000', currency: 'PHP', status: 'cancelled', reason: '', created_at: at, decided_at: at,
        method_id: null, method_name: null, receiving_account: null, transfer_reference: '', receipt_id: 5, promotion_id: null,
      },
    },
  },
  deposits: {
    payload: { ...session, status: 'pending', from: at, to: at, page: 1, page_size: 20 },
    wrong: ['status', 'done'],
    reply: { ...ok, value: [], total: 0, page: 1, page_size: 20, totals: { count: 0, amount: '0.0000' } },
  },
  withdrawalRequest: {
    payload: { ...session, bank_account_id: 4, amount: '200' },
    wrong: ['amount', '-200'],
    reply: {
      ...ok, game_balance: '700.0000', held_balance: '200.0000',
      value: {
        withdrawal_id: 10, reference: 'WD-10', amount: '200.0000', currency: 'PHP', status: 'pending', reason: '', created_at: at, decided_at: null,
        bank_account: { bank_account_id: 4, bank_name: 'BDO Unibank', account_name: 'Demo Player', account_number: '001234567890' },
        cancellable: true,
      },
    },
  },
  withdrawalCancel: {
    payload: { ...session, withdrawal_id: 10 },
    wrong: ['withdrawal_id', 1.5],
    reply: {
      ...ok, game_balance: '900.0000', held_balance: '0.0000',
      value: { withdrawal_id: 10, reference: 'WD-10', amount: '200.0000', currency: 'PHP', status: 'cancelled', reason: '', created_at: at, decided_at: at, bank_account: null, cancellable: false },
    },
  },
  withdrawals: {
    payload: { ...session, page: 2 },
    wrong: ['page', 0],
    reply: { ...ok, value: [], total: 0, page: 2, page_size: 20, totals: { count: 0, amount: '0.0000' }, game_balance: '900.0000', held_balance: '0.0000' },
  },
  statement: {
    payload: { ...session, account: 'balance', types: ['deposit', 'withdrawal'], from: at, page: 1, page_size: 50 },
    wrong: ['types', 'deposit'],
    reply: {
      ...ok, account: 'balance', currency: 'PHP', total: 1, page: 1, page_size: 50, types: ['deposit'],
      value: [{ entry_id: 1, type: 'deposit', amount: '500.0000', balance_after: '500.0000', reference: 'payment:9', created_at: at }],
      totals: { count: 1, credits: '500.0000', debits: '0.0000', net: '500.0000' },
    },
  },
  betHistory: {
    payload: { ...session, kind: 'sports', status: 'won', page: 1 },
    wrong: ['kind', 'casino'],
    reply: {
      ...ok, currency: 'PHP', total: 1, page: 1, page_size: 20, totals: { stake: '100.0000', payout: '195.0000' },
      value: [{
        bet_id: 's:1', kind: 'sports', status: 'won', stake: '100.0000', payout: '195.0000', placed_at: at, settled_at: at, reference: 'SB-1',
        provider_code: null, game_code: null, game_name: null, game_type: null,
        match_id: 1, sport: 'soccer', league: 'Premier League', match_start: at, bet_type: 'HDP', home_away: 'home', criteria1: '-0.5', odds: '1.95',
        ...teams,
        bet_kind: 'single', potential_return: '195.0000', cash_out: null,
        legs: [{ selection_id: 4, match_id: 1, sport: 'soccer', league: 'Premier League', match_start: at, home_team_name: 'Arsenal', away_team_name: 'Chelsea', bet_type: 'HDP', home_away: 'home', criteria1: '-0.5', odds: '1.95', result: 'won', match_status: 'finished', home_score: 2, away_score: 0, minute: null }],
      }],
    },
  },
  placeBet: {
    payload: { ...session, selections: [{ selection_id: 3, odds: '1.95' }, { selection_id: 9, odds: '2.10' }], stake: '10', odds_change: 'higher', client_bet_id: 'slip-0001-a' },
    wrong: ['odds_change', 'sometimes'],
    reply: {
      ...ok,
      placed: true,
      balance: '90.0000',
      bet: {
        bet_id: 's:7', ticket: 'SB-0A1B2C3D4E5F', kind: 'accumulator', status: 'pending', stake: '10.0000', odds: '4.095', potential_return: '40.9500', in_play: false, placed_at: at,
        legs: [
          { selection_id: 3, match_id: 1, sport: 'soccer', league: 'Premier League', match_start: at, home_team_name: 'Brazil', away_team_name: 'Argentina', bet_type: '1X2', home_away: 'home', criteria1: null, odds: '1.95', result: null, match_status: 'upcoming', home_score: null, away_score: null, minute: null },
          { selection_id: 9, match_id: 2, sport: 'soccer', league: 'Premier League', match_start: at, home_team_name: 'Spain', away_team_name: 'Italy', bet_type: 'OU', home_away: 'over', criteria1: '2.5', odds: '2.10', result: null, match_status: 'live', home_score: 1, away_score: 0, minute: 23 },
        ],
      },
    },
  },
  sportsLimits: {
    payload: site,
    wrong: ['external_id', 7],
    reply: { ...ok, min_stake: '1.0000', max_stake: '10000.0000', max_payout: '100000.0000' },
  },
  sportsSettings: {
    payload: session,
    wrong: ['auth', 7],
    reply: { ...ok, odds_format: 'decimal', odds_change: 'higher', saved: false },
  },
  sportsSettingsSave: {
    payload: { ...session, odds_format: 'american', odds_change: 'any' },
    wrong: ['odds_format', 'hongkong'],
    reply: { ...ok, odds_format: 'american', odds_change: 'any', saved: true },
  },
  cashOut: {
    payload: { ...session, bet_id: 's:7', amount: '18.40' },
    wrong: ['bet_id', 7],
    reply: {
      ...ok,
      amount: '18.4000',
      balance: '108.4000',
      bet: {
        bet_id: 's:7', ticket: 'SB-0A1B2C3D4E5F', kind: 'single', status: 'cashed_out', stake: '10.0000', odds: '1.95', potential_return: '19.5000', in_play: true, placed_at: at,
        legs: [{ selection_id: 3, match_id: 1, sport: 'soccer', league: 'Premier League', match_start: at, home_team_name: 'Brazil', away_team_name: 'Argentina', bet_type: '1X2', home_away: 'home', criteria1: null, odds: '1.95', result: null, match_status: 'live', home_score: 2, away_score: 0, minute: 71 }],
      },
    },
  },
  selfExclude: {
    payload: { ...session, period: '6w' },
    wrong: ['period', '3d'],
    reply: { ...ok, kind: 'timeout', period: '6w', until: at },
  },
  kycStatus: {
    payload: session,
    wrong: ['auth', 7],
    reply: {
      ...ok, level: 'none', withdrawal_level: 'identity', missing: ['selfie'],
      documents: [{ document_id: 3, kind: 'identity', status: 'rejected', reason: 'Blurred: please upload a sharper photo', created_at: at, reviewed_at: at }],
    },
  },
  kycUpload: {
    payload: { ...session, kind: 'identity', content_type: 'image/jpeg', data: '/9j/4AAQSkZJRg==' },
    wrong: ['kind', 'passport'],
    reply: { ...ok, document: { document_id: 4, kind: 'identity', status: 'pending', reason: '', created_at: at, reviewed_at: null } },
  },
  responsibleStatus: {
    payload: session,
    wrong: ['auth', 7],
    reply: { ...ok, limits: [{ kind: 'deposit', period: 'day', amount: '500.0000', used: '120.0000', left: '380.0000', pending: { amount: null, from: at, confirmable: false } }] },
  },
  setLimit: {
    payload: { ...session, kind: 'loss', period: 'week', amount: '250.50' },
    wrong: ['period', 'year'],
    reply: { ...ok, limits: [] },
  },
  confirmLimit: {
    payload: { ...session, kind: 'wager', period: 'month' },
    wrong: ['kind', 'time'],
    reply: { ...ok, limits: [{ kind: 'wager', period: 'month', amount: null, used: '0.0000', left: null, pending: null }] },
  },
  realityCheck: {
    payload: session,
    wrong: ['auth', 7],
    reply: { ...ok, interval_minutes: 30, session_started_at: at, session_ends_at: null, stakes: '12.5000', wins: '2.0000', net_result: '-10.5000' },
  },
  saveRealityCheck: {
    payload: { ...session, interval_minutes: 45 },
    wrong: ['interval_minutes', 90],
    reply: { ...ok, interval_minutes: null, session_started_at: at, session_ends_at: at, stakes: '0.0000', wins: '0.0000', net_result: '0.0000' },
  },
};

const entries = Object.entries(CALLS).map(([name, call]) => ({ name, call, example: EXAMPLES[name as CallName] }));

describe('CALLS registry', () => {
  it('has an example for every call and a call for every example', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it('gives every call a unique path under /api/', () => {
    const paths = entries.map(({ call }) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/api\/[a-z0-9_/]+$/);
  });

  it('gives GET calls no payload fields and no access', () => {
    for (const { call } of entries.filter(({ call }) => call.method === 'GET')) {
      expect(call.access).toBe('none');
      expect(call.payload.safeParse({}).success).toBe(true);
    }
  });
});

describe.each(entries)('$name', ({ call, example }) => {
  it('accepts a valid payload', () => {
    const result = call.payload.safeParse(example.payload);
    expect(result.error?.issues).toBeUndefined();
  });

  it('rejects an unknown field', () => {
    expect(call.payload.safeParse({ ...example.payload, surprise: 'x' }).success).toBe(false);
  });

  it('rejects a wrong type', () => {
    const wrong = example.wrong ? { ...example.payload, [example.wrong[0]]: example.wrong[1] } : 'not an object';
    expect(call.payload.safeParse(wrong).success).toBe(false);
  });

  it('accepts a valid reply and no failure reply', () => {
    const result = call.reply.safeParse(example.reply);
    expect(result.error?.issues).toBeUndefined();
    expect(call.reply.safeParse({ statusCode: 0, message: 'validationError' }).success).toBe(false);
  });
});

describe('field rules in calls', () => {
  it('normalises account ids and domains', () => {
    expect(CALLS.login.payload.parse(EXAMPLES.login.payload)).toMatchObject({ account_id: 'demo', domain_name: 'demo.localhost' });
  });

  it('checks the strict password rule on signup and new passwords, not on login', () => {
    expect(CALLS.signup.payload.safeParse({ ...EXAMPLES.signup.payload, password: 'letters' }).success).toBe(false);
    expect(CALLS.updatePassword.payload.safeParse({ ...EXAMPLES.updatePassword.payload, new_password: '12345678' }).success).toBe(false);
    expect(CALLS.updatePassword.payload.safeParse({ ...EXAMPLES.updatePassword.payload, password: 'x' }).success).toBe(true);
  });

  it('keeps signup tracking fields optional and bounded', () => {
    const { referrer_code, ch, cm, pp, affiliate_code, fbp, appsflyer_id, visitor_id, ...required } = EXAMPLES.signup.payload;
    void [referrer_code, ch, cm, pp, affiliate_code, fbp, appsflyer_id, visitor_id];
    expect(CALLS.signup.payload.safeParse(required).success).toBe(true);
    expect(CALLS.signup.payload.safeParse({ ...required, fbp: 'x'.repeat(257) }).success).toBe(false);
    expect(CALLS.adsVisit.payload.safeParse(site).success).toBe(true);
  });

  it('only lets get_analytics name its site by domain alone', () => {
    expect(CALLS.getAnalytics.payload.safeParse(site).success).toBe(false);
    expect(CALLS.partners.payload.safeParse({ domain_name: 'demo.localhost' }).success).toBe(false);
  });

  it('takes a game category or hot for hot games', () => {
    expect(CALLS.getHotGames.payload.safeParse({ ...site, game_type: 'livecasino' }).success).toBe(true);
    expect(CALLS.getHotGames.payload.safeParse({ ...site, game_type: 'poker' }).success).toBe(false);
    expect(CALLS.favAdd.payload.safeParse({ ...EXAMPLES.favAdd.payload, game_type: 'hot' }).success).toBe(false);
  });

  it('rejects unbounded strings and unsafe image addresses', () => {
    expect(CALLS.favAdd.payload.safeParse({ ...EXAMPLES.favAdd.payload, game_name: 'x'.repeat(129) }).success).toBe(false);
    expect(CALLS.favAdd.payload.safeParse({ ...EXAMPLES.favAdd.payload, img_url: 'javascript:alert(1)' }).success).toBe(false);
    expect(CALLS.seo.payload.safeParse({ ...site, page_name: 'x'.repeat(65) }).success).toBe(false);
  });

  it('takes a positive integer inbox id', () => {
    for (const inbox_id of [0, 1.5, -1, 2 ** 31]) {
      expect(CALLS.claimInbox.payload.safeParse({ ...session, inbox_id }).success).toBe(false);
    }
  });

  it('carries money as exact decimal strings', () => {
    expect(CALLS.getBalance.reply.safeParse({ ...ok, game_balance: 1000.5, game_token: '20' }).success).toBe(false);
    expect(CALLS.claimInbox.reply.safeParse({ ...EXAMPLES.claimInbox.reply, amount: '1e3' }).success).toBe(false);
  });

  it('saves one betslip setting alone or both, from the lists only, and refuses nothing to save (ADR 0038)', () => {
    const save = CALLS.sportsSettingsSave.payload;
    expect(save.safeParse({ ...session, odds_format: 'fractional' }).success).toBe(true);
    expect(save.safeParse({ ...session, odds_change: 'none' }).success).toBe(true);
    expect(save.safeParse(session).error?.issues).toMatchObject([{ path: ['odds_format'], message: 'required' }]);
    expect(save.safeParse({ ...session, odds_change: 'HIGHER' }).success).toBe(false);
    expect(save.safeParse({ ...session, odds_format: null }).success).toBe(false);
  });

  it('answers null for a page without SEO record', () => {
    expect(CALLS.seo.reply.safeParse({ ...ok, value: null }).success).toBe(true);
  });

  it('answers failures with the shared failure reply', () => {
    expect(failureReply.safeParse({ statusCode: 0, message: 'alreadyClaimed' }).success).toBe(true);
  });
});

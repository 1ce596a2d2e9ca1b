import type { CallAccess, CallName, HttpMethod } from '@wl/contracts';

/** Where and how the browser sends a call: the route part of a call definition of the contracts. */
export interface CallRoute {
  path: `/api/${string}`;
  method: HttpMethod;
  access: CallAccess;
}

/**
 * The route of every call of the contracts (CALLS), without its schemas: the browser sends calls
 * by name and needs only these, and importing CALLS would load the schema library and every
 * call's schemas on every page. Adding a call to the contracts without its route here fails to
 * compile; the unit test client-call-routes.test.ts checks each route against CALLS.
 */
export const CALL_ROUTES = {
  startup: { path: '/api/startup', method: 'POST', access: 'none' },
  login: { path: '/api/auth/login', method: 'POST', access: 'public' },
  loginTac: { path: '/api/auth/login_tac', method: 'POST', access: 'public' },
  getBalance: { path: '/api/auth/get_balance', method: 'POST', access: 'session' },
  forgotPassword: { path: '/api/auth/forgot_password', method: 'POST', access: 'public' },
  signup: { path: '/api/auth/signup', method: 'POST', access: 'public' },
  tacVerify: { path: '/api/auth/tac/verify', method: 'POST', access: 'public' },
  tacRequestNewRegister: { path: '/api/auth/tac/request_new_register', method: 'POST', access: 'public' },
  tacRequestLogin: { path: '/api/auth/tac/request_login', method: 'POST', access: 'public' },
  updatePassword: { path: '/api/auth/update_password', method: 'POST', access: 'session' },
  vip: { path: '/api/auth/vip', method: 'POST', access: 'session' },
  sessions: { path: '/api/auth/sessions', method: 'POST', access: 'session' },
  sessionsRevokeOthers: { path: '/api/auth/sessions/revoke_others', method: 'POST', access: 'session' },
  logout: { path: '/api/auth/logout', method: 'POST', access: 'session' },
  favList: { path: '/api/home/fav_list', method: 'POST', access: 'session' },
  favAdd: { path: '/api/home/fav_add', method: 'POST', access: 'session' },
  favRemove: { path: '/api/home/fav_remove', method: 'POST', access: 'session' },
  fetchTransactions: { path: '/api/home/fetch_transactions', method: 'POST', access: 'public' },
  fetchSlide: { path: '/api/home/fetch_slide', method: 'POST', access: 'public' },
  fetchAnnouncement: { path: '/api/home/fetch_announment', method: 'POST', access: 'public' },
  marquee: { path: '/api/home/marquee', method: 'POST', access: 'public' },
  referral: { path: '/api/home/referral', method: 'POST', access: 'public' },
  publicOdds: { path: '/api/home/public_odds', method: 'GET', access: 'none' },
  matchList: { path: '/api/home/match_list', method: 'GET', access: 'none' },
  getHotGames: { path: '/api/product/get_hot_games', method: 'POST', access: 'public' },
  gameLists: { path: '/api/product/game_lists', method: 'POST', access: 'public' },
  lobby: { path: '/api/product/lobby', method: 'POST', access: 'public' },
  launch: { path: '/api/product/launch', method: 'POST', access: 'session' },
  demoLaunch: { path: '/api/product/demo_launch', method: 'POST', access: 'public' },
  profileUpdate: { path: '/api/settings/profile_update', method: 'POST', access: 'session' },
  socialAccount: { path: '/api/settings/social_account', method: 'POST', access: 'public' },
  top10WinnerWithdrawal: { path: '/api/settings/top10winner_withdrawal', method: 'POST', access: 'public' },
  siteInfoDetail: { path: '/api/settings/siteinfodetail', method: 'POST', access: 'public' },
  getInbox: { path: '/api/settings/get_inbox', method: 'POST', access: 'session' },
  claimInbox: { path: '/api/settings/claim_inbox', method: 'POST', access: 'session' },
  checkStatus: { path: '/api/settings/check_status', method: 'POST', access: 'session' },
  getAnalytics: { path: '/api/settings/get_analytics', method: 'POST', access: 'none' },
  adsVisit: { path: '/api/settings/adsvisit', method: 'POST', access: 'public' },
  partners: { path: '/api/settings/partners', method: 'POST', access: 'public' },
  seo: { path: '/api/seo', method: 'POST', access: 'public' },
  missions: { path: '/api/rewards/missions', method: 'POST', access: 'session' },
  missionClaim: { path: '/api/rewards/mission_claim', method: 'POST', access: 'session' },
  spinInfo: { path: '/api/rewards/spin_info', method: 'POST', access: 'public' },
  spin: { path: '/api/rewards/spin', method: 'POST', access: 'session' },
  minigame: { path: '/api/rewards/minigame', method: 'POST', access: 'session' },
  leaderboard: { path: '/api/rewards/leaderboard', method: 'POST', access: 'public' },
  vipLevels: { path: '/api/rewards/vip_levels', method: 'POST', access: 'public' },
  referralInfo: { path: '/api/rewards/referral_info', method: 'POST', access: 'session' },
  promotionList: { path: '/api/promotions/list', method: 'POST', access: 'public' },
  promotionDetail: { path: '/api/promotions/detail', method: 'POST', access: 'public' },
  promotionJoin: { path: '/api/promotions/join', method: 'POST', access: 'session' },
  promotionJoined: { path: '/api/promotions/joined', method: 'POST', access: 'session' },
  // banking (ADR 0015)
  bankingInfo: { path: '/api/banking/info', method: 'POST', access: 'public' },
  bankingSummary: { path: '/api/banking/summary', method: 'POST', access: 'session' },
  bankingBanks: { path: '/api/banking/banks', method: 'POST', access: 'session' },
  bankAccounts: { path: '/api/banking/accounts', method: 'POST', access: 'session' },
  bankAccountAdd: { path: '/api/banking/accounts/add', method: 'POST', access: 'session' },
  bankAccountSetDefault: { path: '/api/banking/accounts/set_default', method: 'POST', access: 'session' },
  bankAccountRemove: { path: '/api/banking/accounts/remove', method: 'POST', access: 'session' },
  depositMethods: { path: '/api/banking/deposit_methods', method: 'POST', access: 'session' },
  receiptUpload: { path: '/api/banking/receipt_upload', method: 'POST', access: 'session' },
  receipt: { path: '/api/banking/receipt', method: 'POST', access: 'session' },
  depositRequest: { path: '/api/banking/deposit', method: 'POST', access: 'session' },
  depositCancel: { path: '/api/banking/deposit/cancel', method: 'POST', access: 'session' },
  deposits: { path: '/api/banking/deposits', method: 'POST', access: 'session' },
  withdrawalRequest: { path: '/api/banking/withdrawal', method: 'POST', access: 'session' },
  withdrawalCancel: { path: '/api/banking/withdrawal/cancel', method: 'POST', access: 'session' },
  withdrawals: { path: '/api/banking/withdrawals', method: 'POST', access: 'session' },
  statement: { path: '/api/banking/statement', method: 'POST', access: 'session' },
  betHistory: { path: '/api/banking/bet_history', method: 'POST', access: 'session' },
} as const satisfies Record<CallName, CallRoute>;

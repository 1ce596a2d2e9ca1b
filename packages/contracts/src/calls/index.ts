import { startup } from './startup.js';
import {
  forgotPassword,
  getBalance,
  login,
  loginTac,
  signup,
  tacRequestLogin,
  tacRequestNewRegister,
  tacVerify,
  updatePassword,
  vip,
} from './auth.js';
import {
  favAdd,
  favList,
  favRemove,
  fetchAnnouncement,
  fetchSlide,
  fetchTransactions,
  marquee,
  matchList,
  publicOdds,
  referral,
} from './home.js';
import { demoLaunch, gameLists, getHotGames, launch, lobby } from './product.js';
import {
  adsVisit,
  checkStatus,
  claimInbox,
  getAnalytics,
  getInbox,
  partners,
  profileUpdate,
  siteInfoDetail,
  socialAccount,
  top10WinnerWithdrawal,
} from './settings.js';
import { seo } from './seo.js';
import { logout, sessions, sessionsRevokeOthers } from './sessions.js';
import {
  leaderboard,
  minigame,
  missionClaim,
  missions,
  promotionDetail,
  promotionJoin,
  promotionJoined,
  promotionList,
  referralInfo,
  spin,
  spinInfo,
  vipLevels,
} from './rewards.js';
import { BANKING_CALLS } from './banking.js';
import { SPORTS_CALLS } from './sports.js';
import { RESPONSIBLE_CALLS } from './responsible.js';
import { KYC_CALLS } from './compliance.js';

/** Every call of docs/product.md §7, by name. The API registers a handler for each; the web calls them by name. */
export const CALLS = {
  startup,
  // auth
  login,
  loginTac,
  getBalance,
  forgotPassword,
  signup,
  tacVerify,
  tacRequestNewRegister,
  tacRequestLogin,
  updatePassword,
  vip,
  sessions,
  sessionsRevokeOthers,
  logout,
  // home
  favList,
  favAdd,
  favRemove,
  fetchTransactions,
  fetchSlide,
  fetchAnnouncement,
  marquee,
  referral,
  publicOdds,
  matchList,
  // product
  getHotGames,
  gameLists,
  lobby,
  launch,
  demoLaunch,
  // settings
  profileUpdate,
  socialAccount,
  top10WinnerWithdrawal,
  siteInfoDetail,
  getInbox,
  claimInbox,
  checkStatus,
  getAnalytics,
  adsVisit,
  partners,
  // seo
  seo,
  // rewards
  missions,
  missionClaim,
  spinInfo,
  spin,
  minigame,
  leaderboard,
  vipLevels,
  referralInfo,
  // promotions and news
  promotionList,
  promotionDetail,
  promotionJoin,
  promotionJoined,
  // banking (ADR 0015)
  ...BANKING_CALLS,
  // sportsbook (ADR 0035)
  ...SPORTS_CALLS,
  // responsible gaming (ADR 0039)
  ...RESPONSIBLE_CALLS,
  // identity verification (ADR 0040)
  ...KYC_CALLS,
} as const;

export type CallName = keyof typeof CALLS;

export * from './startup.js';
export * from './auth.js';
export * from './home.js';
export * from './product.js';
export * from './settings.js';
export * from './seo.js';
export * from './sessions.js';
export * from './rewards.js';
export * from './banking.js';
export * from './sports.js';
export * from './responsible.js';
export * from './compliance.js';
export * from './compliance-ops.js';
export * from './inbox-ops.js';
export * from './backoffice.js';
export * from './site-definition.js';
export * from './site-ops.js';
export * from './team-ops.js';
export * from './player-ops.js';
export * from './dashboard-ops.js';
export * from './games-ops.js';
export * from './content-ops.js';
export * from './cms-ops.js';
export * from './rewards-ops.js';
export * from './ops-define.js';
export * from './audit-filters.js';

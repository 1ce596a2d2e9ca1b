import type { CategoryKey, LayoutName, RoutePath } from '@wl/contracts';
import { CATEGORY_ROUTES } from '@wl/contracts';

/** The English title of every screen of spec §2. */
export const SCREEN_TITLES: Record<RoutePath, string> = {
  '/': 'Home',
  '/about': 'About Us',
  '/account': 'My Account',
  '/add-bank': 'Add Bank Account',
  '/arcade': 'Arcade',
  '/bank-details': 'Bank Details',
  '/banking': 'Banking',
  '/bet-history': 'Bet History',
  '/bingo': 'Bingo',
  '/casino': 'Live Casino',
  '/change-password': 'Change Password',
  '/contact-us': 'Contact Us',
  '/crash': 'Crash',
  '/deposit': 'Deposit',
  '/download': 'Download the App',
  '/edit-profile': 'Edit Profile',
  '/faqs': 'FAQs',
  '/fishing': 'Fishing',
  '/forgot-password': 'Forgot Password',
  '/hash-game': 'Hash Game',
  '/horse-racing': 'Horse Racing',
  '/hot': 'Hot Games',
  '/inbox': 'Inbox',
  '/leaderboard': 'Leaderboard',
  '/login': 'Log In',
  '/lottery': 'Lottery',
  '/minigame': 'Mini Game',
  '/mission': 'Missions',
  '/news': 'News',
  '/playnow': 'Play Now',
  '/poker': 'Poker',
  '/preloader': 'Loading',
  '/privacy-policy': 'Privacy Policy',
  '/profile': 'Profile',
  '/promotions': 'Promotions',
  '/referral': 'Referral',
  '/register': 'Register',
  '/responsible-gaming': 'Responsible Gaming',
  '/sabong': 'Sabong',
  '/security': 'Security',
  '/slots': 'Slots',
  '/spin': 'Lucky Spin',
  '/sports': 'Sports',
  '/statement': 'Statement',
  '/term-condition': 'Terms & Conditions',
  '/transaction-history': 'Transaction History',
  '/vip': 'VIP',
  '/withdrawal': 'Withdrawal',
};

/** The route's own layout setting (spec §2); routes without one use the site's template. */
export const SCREEN_LAYOUTS: Partial<Record<RoutePath, LayoutName>> = {
  '/preloader': 'default',
};

/** The game category a lobby route shows, if any. */
export function categoryOfRoute(path: string): CategoryKey | null {
  const entry = Object.entries(CATEGORY_ROUTES).find(([, route]) => route === path);
  return (entry?.[0] as CategoryKey | undefined) ?? null;
}

export function isRoutePath(path: string): path is RoutePath {
  return Object.hasOwn(SCREEN_TITLES, path);
}

import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { ROUTE_PATHS, type RoutePath } from '@wl/contracts';

/** The module of every screen of docs/product.md §2 but the home page (the type makes a new route name its module). */
const SCREEN_MODULES: Record<Exclude<RoutePath, '/'>, string> = {
  '/login': 'routes/login.tsx',
  '/register': 'routes/register.tsx',
  '/preloader': 'routes/preloader.tsx',
  '/forgot-password': 'routes/forgot-password.tsx',
  '/account': 'routes/account.tsx',
  '/profile': 'routes/profile.tsx',
  '/edit-profile': 'routes/edit-profile.tsx',
  '/change-password': 'routes/change-password.tsx',
  '/security': 'routes/security.tsx',
  '/inbox': 'routes/inbox.tsx',
  // The game lobbies share one module (app/lobby/): the path names the category.
  '/casino': 'routes/lobby.tsx',
  '/slots': 'routes/lobby.tsx',
  '/fishing': 'routes/lobby.tsx',
  '/poker': 'routes/lobby.tsx',
  '/lottery': 'routes/lobby.tsx',
  '/bingo': 'routes/lobby.tsx',
  '/crash': 'routes/lobby.tsx',
  '/hash-game': 'routes/lobby.tsx',
  '/horse-racing': 'routes/lobby.tsx',
  '/sabong': 'routes/lobby.tsx',
  '/arcade': 'routes/lobby.tsx',
  '/hot': 'routes/lobby.tsx',
  '/playnow': 'routes/playnow.tsx',
  '/sports': 'routes/sports.tsx',
  // The content pages share one module (app/content/): the path names the CMS page.
  '/about': 'routes/content-page.tsx',
  '/privacy-policy': 'routes/content-page.tsx',
  '/banking': 'routes/content-page.tsx',
  '/faqs': 'routes/content-page.tsx',
  // The operator's responsible-gaming text for everyone, with a player's time-out and self-exclusion above it (ADR 0039).
  '/responsible-gaming': 'routes/responsible-gaming.tsx',
  // The player's identity documents and verification level (ADR 0040).
  '/verification': 'routes/verification.tsx',
  '/term-condition': 'routes/content-page.tsx',
  '/download': 'routes/download.tsx',
  '/contact-us': 'routes/contact-us.tsx',
  '/vip': 'routes/vip.tsx',
  '/referral': 'routes/referral.tsx',
  // The rewards screens (app/rewards/): missions, the lucky spin, the minigame and the leaderboard.
  '/mission': 'routes/mission.tsx',
  '/spin': 'routes/spin.tsx',
  '/minigame': 'routes/minigame.tsx',
  '/leaderboard': 'routes/leaderboard.tsx',
  // Promotions and news share app/promotions/ (one entity of two kinds, ADR 0014).
  '/promotions': 'routes/promotions.tsx',
  '/news': 'routes/news.tsx',
  // Banking (app/banking/, ADR 0015): bank accounts, deposits and withdrawals.
  '/add-bank': 'routes/add-bank.tsx',
  '/bank-details': 'routes/bank-details.tsx',
  '/deposit': 'routes/deposit.tsx',
  '/withdrawal': 'routes/withdrawal.tsx',
  // The player's records (app/history/): the statement, deposits and withdrawals, and bets.
  '/statement': 'routes/statement.tsx',
  '/transaction-history': 'routes/transaction-history.tsx',
  '/bet-history': 'routes/bet-history.tsx',
};

/**
 * Every route of docs/product.md §2 under an optional locale prefix (docs/product.md D2: /slots, /vi/slots).
 * The locale route checks the prefix.
 */
export default [
  // Per-site SEO files (resource routes: no page, no locale prefix).
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('manifest.webmanifest', 'routes/web-manifest.ts'),
  // The build being served and each build's meta (docs/product.md §7 infrastructure calls; app/deploy/).
  route('builds/latest.json', 'routes/builds-latest.ts'),
  route('builds/meta/:file', 'routes/builds-meta.ts'),
  route(':lang?', 'routes/locale.tsx', { id: 'locale' }, [
    index('routes/home.tsx'),
    ...ROUTE_PATHS.filter((path) => path !== '/').map((path) =>
      route(path.slice(1), SCREEN_MODULES[path], { id: `screen${path}` }),
    ),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;

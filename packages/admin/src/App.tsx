import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, RouterProvider } from 'react-router';
import { authCall } from './lib/api';
import { t } from './lib/i18n';
import { LoginPage } from './auth/LoginPage';
import { Shell } from './shell/Shell';
import { Landing } from './dashboard/Landing';

/**
 * A screen loaded when first visited: each is a chunk of its own (ADR 0045), so the sign-in and
 * the first screen do not wait for every other screen's code (the charts, the site editor).
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * The back office's routes under /admin (ADR 0045). The shell's loader asks the server who is
 * signed in; without a session it sends the operator to the sign-in, keeping where they were going.
 */
const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      id: 'shell',
      element: <Shell />,
      // Asked again when the screen changes, not when a list's filters or page do (they would wait for it).
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => defaultShouldRevalidate && currentUrl.pathname !== nextUrl.pathname,
      // Shown while the first load asks who is signed in.
      hydrateFallbackElement: <p className="page-loading">{t('payments.loading')}</p>,
      loader: async ({ request }) => {
        const reply = await authCall('me', {});
        if (reply.statusCode !== 1) {
          const url = new URL(request.url);
          const next = url.pathname.replace(/^\/admin/, '') + url.search;
          throw redirect(next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login');
        }
        return reply.operator;
      },
      children: [
        // The dashboard for an operator who may view reports, else the payments (ADR 0046).
        { index: true, element: <Landing /> },
        { path: 'dashboard', lazy: screen(() => import('./dashboard/DashboardPage'), (m) => m.DashboardPage) },
        { path: 'payments', lazy: screen(() => import('./payments/PaymentsPage'), (m) => m.PaymentsPage) },
        { path: 'team', lazy: screen(() => import('./team/TeamPage'), (m) => m.TeamPage) },
        { path: 'account', lazy: screen(() => import('./team/MyAccountPage'), (m) => m.MyAccountPage) },
        { path: 'players', lazy: screen(() => import('./players/PlayersPage'), (m) => m.PlayersPage) },
        { path: 'players/:site/:accountId', lazy: screen(() => import('./players/PlayerPage'), (m) => m.PlayerPage) },
        { path: 'audit', lazy: screen(() => import('./audit/AuditPage'), (m) => m.AuditPage) },
        { path: 'reports', lazy: screen(() => import('./reports/ReportsPage'), (m) => m.ReportsPage) },
        { path: 'sites', lazy: screen(() => import('./sites/SitesPage'), (m) => m.SitesPage) },
        { path: 'sites/new', lazy: screen(() => import('./sites/SiteEditPage'), (m) => () => <m.SiteEditPage mode="create" />) },
        { path: 'sites/:domain', lazy: screen(() => import('./sites/SiteEditPage'), (m) => () => <m.SiteEditPage mode="edit" />) },
        { path: 'sports', lazy: screen(() => import('./sports/SportsPage'), (m) => m.SportsPage) },
        { path: 'games', lazy: screen(() => import('./games/GamesPage'), (m) => m.GamesPage) },
        { path: 'content', lazy: screen(() => import('./content/ContentPage'), (m) => m.ContentPage) },
      ],
    },
    { path: '*', loader: () => redirect('/') },
  ],
  { basename: '/admin' },
);

export function App() {
  return <RouterProvider router={router} />;
}

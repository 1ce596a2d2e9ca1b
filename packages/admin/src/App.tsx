import { createBrowserRouter, redirect, RouterProvider } from 'react-router';
import { authCall } from './lib/api';
import { t } from './lib/i18n';
import { LoginPage } from './auth/LoginPage';
import { Shell } from './shell/Shell';
import { PaymentsPage } from './payments/PaymentsPage';

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
        { index: true, loader: () => redirect('/payments') },
        { path: 'payments', element: <PaymentsPage /> },
      ],
    },
    { path: '*', loader: () => redirect('/payments') },
  ],
  { basename: '/admin' },
);

export function App() {
  return <RouterProvider router={router} />;
}

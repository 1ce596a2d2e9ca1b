import { useEffect } from 'react';
import { NavLink, Outlet, useLoaderData, useNavigate } from 'react-router';
import type { OperatorMe } from '@wl/contracts';
import { authCall, whenSessionEnds } from '../lib/api';
import { t } from '../lib/i18n';
import { SessionContext } from './session';

/** The signed-in frame: the navigation, who is signed in, and the screen. */
export function Shell() {
  const operator = useLoaderData() as OperatorMe;
  const navigate = useNavigate();

  useEffect(() => {
    whenSessionEnds(() => navigate(`/login?next=${encodeURIComponent(location.pathname.replace(/^\/admin/, '') + location.search)}`, { replace: true }));
  }, [navigate]);

  async function logOut() {
    await authCall('logout', {});
    navigate('/login', { replace: true });
  }

  return (
    <SessionContext.Provider value={operator}>
      <a className="skip-link" href="#content">
        {t('app.skip')}
      </a>
      <div className="shell">
        <header className="shell-bar">
          <span className="shell-brand">{t('app.name')}</span>
          <nav aria-label={t('shell.navigation')}>
            {operator.permissions.includes('reports.view') && <NavLink to="/dashboard">{t('dashboard.nav')}</NavLink>}
            <NavLink to="/payments">{t('shell.payments')}</NavLink>
            {operator.permissions.includes('players.view') && <NavLink to="/players">{t('players.nav')}</NavLink>}
            {operator.permissions.includes('sites.view') && <NavLink to="/sites">{t('sites.nav')}</NavLink>}
            {operator.permissions.includes('sites.view') && <NavLink to="/games">{t('games.nav')}</NavLink>}
            {operator.permissions.includes('sports.view') && <NavLink to="/sports">{t('games.sports.nav')}</NavLink>}
            {operator.permissions.includes('sites.view') && <NavLink to="/content">{t('content.nav')}</NavLink>}
            {operator.permissions.includes('reports.view') && <NavLink to="/reports">{t('audit.reports.nav')}</NavLink>}
            {operator.permissions.includes('audit.view') && <NavLink to="/audit">{t('audit.nav')}</NavLink>}
            {operator.permissions.includes('operators.manage') && <NavLink to="/team">{t('team.nav')}</NavLink>}
          </nav>
          <div className="shell-user">
            <NavLink to="/account" className="shell-me">
              <span className="shell-me__long">{t('shell.signedInAs', { username: operator.username, role: t(`roles.${operator.role}`) })}</span>
              <span className="shell-me__short">{t('team.account.nav')}</span>
            </NavLink>
            <button type="button" className="quiet" onClick={logOut}>
              {t('shell.logout')}
            </button>
          </div>
        </header>
        <main id="content" className="shell-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </SessionContext.Provider>
  );
}

import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import { useLocale } from '../lib/use-locale';
import { LoginForm } from '../shell/forms/LoginForm';
import { welcome } from '../shell/AuthModals';
import { useT } from '../i18n/use-t';

export { screenMeta as meta } from '../seo/merge-meta';

/** /login: the login form on a page of its own. The guest-only guard sends a player on to the home page. */
export default function LoginPage() {
  const { t } = useT();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { to } = useLocale();
  if (root?.state.kind !== 'ready') return null;
  return (
    <section className="auth-page" aria-labelledby="auth-page-title">
      <div className="auth-card">
        <h1 id="auth-page-title" className="auth-card__title">
          {t('shell.loginTitle')}
        </h1>
        <LoginForm
          site={root.state.site}
          onLoggedIn={(name) => welcome(name)}
          footer={
            <p>
              {t('shell.noAccount')} <Link to={to('/register')}>{t('shell.createAccount')}</Link>
            </p>
          }
        />
      </div>
    </section>
  );
}

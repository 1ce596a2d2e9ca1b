import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import { useLocale } from '../lib/use-locale';
import { RegisterForm } from '../shell/forms/RegisterForm';
import { welcome } from '../shell/AuthModals';
import { useT } from '../i18n/use-t';

export { screenMeta as meta } from '../seo/merge-meta';

/** /register: registration on a page of its own. The guest-only guard sends a player on to the home page. */
export default function RegisterPage() {
  const { t } = useT();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { to } = useLocale();
  if (root?.state.kind !== 'ready') return null;
  return (
    <section className="auth-page" aria-labelledby="auth-page-title">
      <div className="auth-card">
        <h1 id="auth-page-title" className="auth-card__title">
          {t('shell.registerTitle')}
        </h1>
        <RegisterForm
          site={root.state.site}
          onRegistered={(name) => welcome(name, true)}
          footer={
            <p>
              {t('shell.haveAccount')} <Link to={to('/login')}>{t('shell.loginTab')}</Link>
            </p>
          }
        />
      </div>
    </section>
  );
}

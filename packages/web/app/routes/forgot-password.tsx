import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import { ForgotPasswordFlow } from '../account/ForgotPasswordFlow';
import { useT } from '../i18n/use-t';
import '../styles/account.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** /forgot-password (guest only): account id and phone, the code, then a new password. */
export default function ForgotPasswordPage() {
  const { t } = useT();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  if (root?.state.kind !== 'ready') return null;
  return (
    <section className="auth-page" aria-labelledby="forgot-password-title">
      <div className="auth-card">
        <h1 id="forgot-password-title" className="auth-card__title">
          {t('security.forgotTitle')}
        </h1>
        <ForgotPasswordFlow site={root.state.site} />
      </div>
    </section>
  );
}

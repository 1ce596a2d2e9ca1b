import { Link } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';

/** The header's account area (being built: issue 4). */
export function AccountActions(_props: { state: ReadySite }) {
  const { to } = useLocale();
  return (
    <div className="account-actions">
      <Link to={to('/login')} className="btn btn--ghost account-actions__login">
        Log in
      </Link>
      <Link to={to('/register')} className="btn btn--primary account-actions__join">
        Join now
      </Link>
    </div>
  );
}

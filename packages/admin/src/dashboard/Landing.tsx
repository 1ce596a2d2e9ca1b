import { Navigate } from 'react-router';
import { useMay } from '../shell/session';

/** Where an operator lands at /admin (ADR 0046): the dashboard when they may view reports, else the payments. */
export function Landing() {
  return <Navigate to={useMay('reports.view') ? '/dashboard' : '/payments'} replace />;
}

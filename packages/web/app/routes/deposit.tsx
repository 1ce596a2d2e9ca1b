import { useLoaderData, useRevalidator } from 'react-router';
import type { Route } from './+types/deposit';
import { useSession } from '../client/session';
import { splitLocale } from '../lib/locale';
import { DepositForm } from '../banking/DepositForm';
import { BankingLoading, LoadGate } from '../banking/LoadGate';
import { RequestList, loadRecentRequests } from '../banking/RequestList';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import { BankingScreen } from '../banking/BankingScreen';
import '../styles/player.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The player's deposit methods and latest deposits, loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const [methods, requests] = await Promise.all([sessionLoader('depositMethods', { language: locale }, { signal: request.signal }), loadRecentRequests('deposit', request.signal)]);
  return { methods, requests };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <BankingScreen kind="deposit">
      <BankingLoading />
    </BankingScreen>
  );
}

/**
 * /deposit: pay into one of the operator's accounts, then tell the site: the form of
 * DepositForm, and the player's latest deposit requests, pending ones with a cancel button. The
 * live balance stream (ADR 0031) brings an operator's decision: the header's balance moves and the
 * page loads again, without a reload or a poll.
 */
export default function DepositPage() {
  const { methods, requests } = useLoaderData<typeof clientLoader>();
  const session = useSession();
  const { revalidate } = useRevalidator();
  useRevalidateOnPlayerChange();
  if (!session.isAuthenticated) return null;
  return (
    <BankingScreen kind="deposit" side={<RequestList kind="deposit" loaded={requests} />}>
      <LoadGate loaded={methods}>{(value) => <DepositForm methods={value} onRequested={() => void revalidate()} />}</LoadGate>
    </BankingScreen>
  );
}

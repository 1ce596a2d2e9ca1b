import { useLoaderData } from 'react-router';
import type { Route } from './+types/verification';
import { Verification } from '../verification/Verification';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import '../styles/responsible.css';
import '../styles/verification.css';

export { screenMeta as meta } from '../seo/merge-meta';

/** The player's verification status, loaded in the browser where the session lives (ADR 0058); nothing for a guest. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { status: await sessionLoader('kycStatus', {}, { signal: request.signal }) };
}
clientLoader.hydrate = true as const;

/** The server's render and hydration: the page as before the session is known. */
export function HydrateFallback() {
  return <Verification status={null} />;
}

/**
 * /verification (issue 25 §4, ADR 0040): the player's identity verification, linked from /account
 * and from a withdrawal refused for want of it. Open to guests, who are asked to log in, as
 * /responsible-gaming is (the guest prompt's styles are that page's).
 */
export default function VerificationPage() {
  const { status } = useLoaderData<typeof clientLoader>();
  useRevalidateOnPlayerChange();
  return <Verification status={status} />;
}

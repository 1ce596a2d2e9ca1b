import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import type { ReadySite } from '../lib/site-state';

/** The site as the root loader has it, when it is ready (the player's screens render only then). */
export function useReadySite(): ReadySite | null {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return root?.state.kind === 'ready' ? root.state : null;
}

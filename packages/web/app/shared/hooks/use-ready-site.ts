import { useRouteLoaderData } from 'react-router';
import type { ReadySite } from '../../lib/site-state';

/**
 * The site as the root loader has it, when it is ready (the player's screens render only then).
 * Read by its shape, not by the root loader's type: shared code imports nothing of the routes.
 */
export function useReadySite(): ReadySite | null {
  const root = useRouteLoaderData<{ state: { kind: string } }>('root');
  return root?.state.kind === 'ready' ? (root.state as ReadySite) : null;
}

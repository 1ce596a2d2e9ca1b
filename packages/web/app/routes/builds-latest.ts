import type { Route } from './+types/builds-latest';
import { latestBuildResponse } from '../deploy/build-files';
import { CURRENT_BUILD } from '../deploy/current-build';

/** /builds/latest.json: the build this server runs (the client compares it with its own). */
export function loader({ request }: Route.LoaderArgs) {
  return latestBuildResponse(request, CURRENT_BUILD);
}

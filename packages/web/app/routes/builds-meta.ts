import type { Route } from './+types/builds-meta';
import { buildMetaResponse } from '../deploy/build-files';
import { CURRENT_BUILD } from '../deploy/current-build';

/** /builds/meta/<id>.json: the meta of the build this server runs; 404 for any other id. */
export function loader({ params }: Route.LoaderArgs) {
  return buildMetaResponse(params.file, CURRENT_BUILD);
}

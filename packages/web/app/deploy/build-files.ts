import type { BuildInfo } from './build-info';
import { buildIdOfMetaFile } from './build-info';

const JSON_TYPE = 'application/json; charset=utf-8';
/** latest.json changes with every deployment: always asked again (a 304 when unchanged). */
const LATEST_CACHE = 'no-cache';
/** A build's meta never changes. */
const META_CACHE = 'public, max-age=31536000, immutable';

function json(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

function entityTag(build: BuildInfo): string {
  return `"${build.id}"`;
}

/** GET /builds/latest.json: `{ id, timestamp }` of the build this server runs. */
export function latestBuildResponse(request: Request, build: BuildInfo): Response {
  const etag = entityTag(build);
  const headers = { 'cache-control': LATEST_CACHE, etag };
  const asked = request.headers.get('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return json({ id: build.id, timestamp: build.timestamp }, 200, headers);
}

/**
 * GET /builds/meta/<id>.json: the meta of that build. A server knows only the build it runs; any
 * other id answers 404 (not cached: behind a load balancer another process may serve that build).
 */
export function buildMetaResponse(fileName: string, build: BuildInfo): Response {
  if (buildIdOfMetaFile(fileName) !== build.id) {
    return json({ statusCode: 0, message: 'notFound' }, 404, { 'cache-control': 'no-store' });
  }
  return json({ id: build.id, timestamp: build.timestamp }, 200, { 'cache-control': META_CACHE, etag: entityTag(build) });
}

/**
 * A build of the site as the infrastructure files of docs/product.md §7 describe it: /builds/latest.json
 * names the build being served, /builds/meta/<id>.json describes one build.
 */
export interface BuildInfo {
  /** Made at build time (vite.config.ts); any change means a new deployment. */
  readonly id: string;
  /** When the build was made, in milliseconds since 1970. */
  readonly timestamp: number;
}

export const LATEST_BUILD_PATH = '/builds/latest.json';
const BUILD_META_PREFIX = '/builds/meta/';
const META_SUFFIX = '.json';

export function buildMetaPath(id: string): string {
  return `${BUILD_META_PREFIX}${encodeURIComponent(id)}${META_SUFFIX}`;
}

/** The id a meta file name asks for (`<id>.json`), or null for any other name. */
export function buildIdOfMetaFile(fileName: string): string | null {
  return fileName.length > META_SUFFIX.length && fileName.endsWith(META_SUFFIX) ? fileName.slice(0, -META_SUFFIX.length) : null;
}

/** A BuildInfo read from JSON, or null when the value is not one. */
export function parseBuildInfo(value: unknown): BuildInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  return { id, timestamp };
}

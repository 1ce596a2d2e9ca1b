import { TIMINGS } from '@wl/contracts';

/**
 * The reload guard of docs/product.md §8: a stale-build chunk-load error reloads the page once per path within
 * 10 s (docs/product.md §9). The reloads made are remembered in sessionStorage (they must outlive the page
 * they reload) as path → time.
 */
export type ChunkReloads = Readonly<Record<string, number>>;

export const CHUNK_RELOADS_STORAGE_KEY = 'wl.deploy.chunkReloads';

/** Logged, never shown, when a chunk fails again on a path reloaded for that less than 10 s ago. */
export const CHUNK_RELOAD_SKIPPED = 'Stale chunk failed again after a reload, not reloading';

export interface ChunkReloadDecision {
  /** Whether this failure reloads the page. */
  readonly reload: boolean;
  /** What to store: the reloads still inside the guard window, with this one when it reloads. */
  readonly reloads: ChunkReloads;
}

export function decideChunkReload(
  reloads: ChunkReloads,
  path: string,
  now: number,
  guardMs: number = TIMINGS.chunkReloadGuardMs,
): ChunkReloadDecision {
  const recent: Record<string, number> = {};
  for (const [reloadedPath, at] of Object.entries(reloads)) {
    // A time ahead of the clock (the clock went back) counts as expired rather than blocking for ever.
    if (now - at >= 0 && now - at < guardMs) recent[reloadedPath] = at;
  }
  if (path in recent) return { reload: false, reloads: recent };
  return { reload: true, reloads: { ...recent, [path]: now } };
}

/** The stored reloads; anything unreadable counts as none. */
export function parseChunkReloads(stored: string | null): ChunkReloads {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => Number.isFinite(entry[1])));
  } catch {
    return {};
  }
}

/**
 * Messages of a module or stylesheet that could not be fetched: Chromium, Firefox and Safari word
 * a failed dynamic import differently; Vite's preload helper reports a stylesheet.
 */
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Runs `callback` when the browser is next idle (requestIdleCallback, at the latest after
 * `timeoutMs` when given), or after `fallbackMs` in a browser without idle callbacks (Safari).
 * Returns the function that cancels it.
 */
export function whenIdle(callback: () => void, { timeoutMs, fallbackMs }: { timeoutMs?: number; fallbackMs: number }): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => callback(), timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, fallbackMs);
  return () => clearTimeout(id);
}

/** How long a change made by SQL, or by another process, has to reach a process's caches (its notification). */
export const NOTIFY_WITHIN_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `accept` holds, for up to `timeoutMs` (by default the time a change notification has to arrive). */
export async function eventually<T>(what: string, read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = NOTIFY_WITHIN_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs} ms; last reply ${JSON.stringify(value).slice(0, 400)}`);
    await sleep(15);
  }
}

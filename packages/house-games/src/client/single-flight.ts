/**
 * Runs one task at a time: while one runs, another call gives null at once instead of starting
 * (a second click on "Bet" while the first bet is on its way must not bet twice).
 */
export function singleFlight(): <T>(task: () => Promise<T>) => Promise<T | null> {
  let running = false;
  return async (task) => {
    if (running) return null;
    running = true;
    try {
      return await task();
    } finally {
      running = false;
    }
  };
}

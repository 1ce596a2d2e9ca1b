/** PostgreSQL errors as both drivers raise them (Drizzle wraps them: the code is down the cause chain). */

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The first error of the cause chain that satisfies `test`, or null. */
function findInChain(error: unknown, test: (candidate: PgErrorFields) => boolean): PgErrorFields | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as PgErrorFields;
    if (test(candidate)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** A unique constraint refused the write (of `constraint` when given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return !!findInChain(
    error,
    (c) => c.code === '23505' && (!constraint || c.constraint === constraint || String(c.message ?? '').includes(constraint)),
  );
}

/** A NOT NULL constraint refused the write. */
export function isNotNullViolation(error: unknown): boolean {
  return !!findInChain(error, (c) => c.code === '23502');
}

/** A CHECK constraint refused the write. */
export function isCheckViolation(error: unknown): boolean {
  return !!findInChain(error, (c) => c.code === '23514');
}

/** The database cannot be reached (down, closed, restarting): not a bug of the call. */
export function isConnectionError(error: unknown): boolean {
  return !!findInChain(error, ({ code, message }) => {
    if (typeof code === 'string' && (/^(ECONN|ETIMEDOUT|EPIPE|ENOTFOUND)/.test(code) || /^(08|57P)/.test(code))) return true;
    return typeof message === 'string' && /pool after calling end|PGlite is closed|Connection terminated/i.test(message);
  });
}

/**
 * docs/product.md D5: sessions end after 2 hours idle or 7 days in all. Here, not in accounts/,
 * because the session limit (responsible/, ADR 0041) measures how long sessions lasted by the same rule.
 */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

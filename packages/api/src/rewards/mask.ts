/**
 * How another player's account id is shown on the public tickers and the winners board: the first
 * characters and the last one kept, the middle always three stars, so neither the id nor its
 * length can be read back ("demo123" → "de***3", "demo" → "d***o").
 *
 * - 6 characters or more: the first two and the last one kept;
 * - 3 to 5 characters: the first and the last one kept;
 * - 1 or 2 characters: the first one kept;
 * - empty: "***".
 */
export function maskAccountId(accountId: string): string {
  const id = [...accountId.trim()];
  const stars = '***';
  if (id.length === 0) return stars;
  if (id.length <= 2) return `${id[0]}${stars}`;
  const head = id.length >= 6 ? 2 : 1;
  return `${id.slice(0, head).join('')}${stars}${id[id.length - 1]}`;
}

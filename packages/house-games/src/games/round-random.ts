import { FairStream, roundHash, nobleHmacSha256, type HmacSha256, type RoundSeeds } from '../fair/index.js';
import type { RoundRandom } from './types.js';

/**
 * The random numbers of a round from its seeds (ADR 0030): the game server, the verify page and
 * the RTP simulation build a round's RoundRandom the same way. The hash is block 0 in hex.
 */
export function fairRoundRandom(seeds: RoundSeeds, hmacSha256: HmacSha256 = nobleHmacSha256): RoundRandom {
  const stream = new FairStream(seeds, hmacSha256);
  let hash: string | null = null;
  return {
    next: () => stream.next(),
    hash: () => (hash ??= roundHash(seeds, hmacSha256)),
  };
}

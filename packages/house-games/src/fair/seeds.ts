import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/*
 * Provably fair outcomes (docs/provably-fair.md, ADR 0030). Before a round the player sees the
 * SHA-256 of the studio's server seed (the commitment), chooses a client seed, and each round with
 * that pair takes the next nonce. A round's random bytes are the blocks
 *   HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), cursor = 0, 1, 2 …
 * and every 4 bytes make one number in [0, 1). Once the player rotates the pair, the server seed is
 * revealed and any past round can be recomputed (the browser's verify page runs this module).
 * @noble/hashes is synchronous and the same in Node and in browsers, so one module serves the game
 * server, the verify page and the RTP simulation.
 */

/** A server seed: 32 random bytes as 64 lower-case hex digits. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
/** A client seed: 1 to 64 printable ASCII characters, no spaces. */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

/** A new secret server seed. */
export function newServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A new client seed (the player may replace it): 16 hex digits. */
export function newClientSeed(): string {
  return bytesToHex(randomBytes(8));
}

/** The commitment shown before play: the hex SHA-256 of the server seed's 64 characters. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** What decides one round. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  /** The round's number with this seed pair: 0 for the first. */
  nonce: number;
}

/** The HMAC of a computation: Node's crypto may stand in for speed (the RTP simulation); same bytes. */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

export const nobleHmacSha256: HmacSha256 = (key, message) => hmac(sha256, key, message);

/** Block `cursor` of a round's bytes: 32 bytes. */
export function roundBlock(seeds: RoundSeeds, cursor: number, hmacSha256: HmacSha256 = nobleHmacSha256): Uint8Array {
  return hmacSha256(utf8ToBytes(seeds.serverSeed), utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`));
}

/** The round's hash: block 0 in hex (the hash game reads its outcome from it). */
export function roundHash(seeds: RoundSeeds, hmacSha256: HmacSha256 = nobleHmacSha256): string {
  return bytesToHex(roundBlock(seeds, 0, hmacSha256));
}

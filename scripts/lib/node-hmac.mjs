// HMAC-SHA256 with node:crypto, as the `HmacSha256` of the studio's FairStream (packages/house-games/src/fair):
// the same bytes as @noble/hashes (a unit test compares them), several times faster, for the RTP
// simulation's hundreds of millions of blocks. The game server and the browser keep @noble/hashes (ADR 0030).
import { createHmac } from 'node:crypto';

/** @type {(key: Uint8Array, message: Uint8Array) => Uint8Array} */
export const nodeHmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

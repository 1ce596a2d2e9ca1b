/** HMAC-SHA256 with node:crypto: the same bytes as @noble/hashes, faster (scripts/lib/node-hmac.mjs). */
export declare const nodeHmacSha256: (key: Uint8Array, message: Uint8Array) => Uint8Array;

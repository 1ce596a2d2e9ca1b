/*
 * The house studio (ADR 0029): provably fair games (./games, ./fair), the game server (./server)
 * and the game pages (./client). This entry holds what the studio's pages and server share with
 * whoever embeds or tests them: the studio API's schemas.
 */
export * from './api.js';

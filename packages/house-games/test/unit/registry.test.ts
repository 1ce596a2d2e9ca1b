import { describe, expect, it } from 'vitest';
import { FairStream, nobleHmacSha256 } from '../../src/fair/index.js';
import { HOUSE_GAMES, SIMULATED_PLAYERS, houseGame } from '../../src/games/index.js';
import { nodeHmacSha256 } from '../../../../scripts/lib/node-hmac.mjs';
import { GOLDEN_SEEDS, goldenRound, seededSource } from './games-helpers.js';

describe('the house games registry', () => {
  it('holds the games by code, each with its category and a declared RTP in [0.95, 0.975]', () => {
    expect(HOUSE_GAMES).toMatchObject({
      'HASH-PARITY': { category: 'hashgame' },
      MINES: { category: 'arcade' },
      ROULETTE: { category: 'table' },
      KENO: { category: 'lottery' },
      LANTERNS: { category: 'slots' },
    });
    for (const [code, game] of Object.entries(HOUSE_GAMES)) {
      expect(game.code).toBe(code);
      expect(game.rtp).toMatch(/^0\.\d{4}$/);
      expect(Number(game.rtp)).toBeGreaterThanOrEqual(0.95);
      expect(Number(game.rtp)).toBeLessThanOrEqual(0.975);
      expect(SIMULATED_PLAYERS[code]).toBeDefined();
    }
    expect(houseGame('MINES')).toBe(HOUSE_GAMES.MINES);
    expect(houseGame('toString')).toBeUndefined();
    expect(houseGame('mines')).toBeUndefined();
    expect(Object.isFrozen(HOUSE_GAMES)).toBe(true);
  });

  it('plays a simulated round of every game to its end, with a JSON-safe state and a win in whole cents', () => {
    const choice = seededSource(11);
    for (const [code, game] of Object.entries(HOUSE_GAMES)) {
      const player = SIMULATED_PLAYERS[code]!;
      for (let nonce = 0; nonce < 20; nonce += 1) {
        const bet = game.betSchema.parse(player.bet(choice));
        let step = game.start(bet, goldenRound(nonce));
        while (step.win === null) step = game.act!(step.state, game.actionSchema!.parse(player.action!(step.state, choice)));
        expect(step.win % 100n).toBe(0n);
        expect(Number(step.win) / Number(game.stakeOf(bet))).toBeLessThanOrEqual(game.maxMultiplier);
        expect(JSON.parse(JSON.stringify(step.state))).toEqual(step.state);
        expect(JSON.parse(JSON.stringify(game.view(step.state, true)))).toEqual(game.view(step.state, true));
      }
    }
  });
});

describe("the RTP simulation's node:crypto HMAC", () => {
  it('gives the same bytes as @noble/hashes', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    for (const [key, message] of [
      ['', ''],
      ['k', 'message'],
      [GOLDEN_SEEDS.serverSeed, 'lucky-player:0:0'],
      ['x'.repeat(200), 'a longer key than a block: hashed first'],
    ] as const) {
      expect(Buffer.from(nodeHmacSha256(encode(key), encode(message)))).toEqual(Buffer.from(nobleHmacSha256(encode(key), encode(message))));
    }
    const noble = new FairStream({ ...GOLDEN_SEEDS, nonce: 9 });
    const node = new FairStream({ ...GOLDEN_SEEDS, nonce: 9 }, nodeHmacSha256);
    for (let index = 0; index < 20; index += 1) expect(node.next()).toBe(noble.next());
  });
});

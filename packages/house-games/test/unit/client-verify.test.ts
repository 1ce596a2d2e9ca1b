import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../../src/fair/index.js';
import { fairRoundRandom, houseGame } from '../../src/games/index.js';
import { minesClient } from '../../src/client/games/Mines.js';
import { canonicalJson, recomputeRound } from '../../src/client/verify.js';

const seeds = { serverSeed: '1f'.repeat(32), clientSeed: 'player-seed', nonce: 4 };

describe("the verify view's recomputation", () => {
  it('gives the view the game module gives for the same seeds, and the seed hash', () => {
    const keno = houseGame('KENO')!;
    const bet = { stake: '1', picks: [1, 2, 3, 4, 5] };
    const step = keno.start(keno.betSchema.parse(bet), fairRoundRandom(seeds));
    const result = recomputeRound({ game: 'KENO', seeds, bet, actions: [] });
    expect(canonicalJson(result.view)).toBe(canonicalJson(keno.view(step.state, true)));
    expect(result.serverSeedHash).toBe(hashServerSeed(seeds.serverSeed));
    expect(canonicalJson(recomputeRound({ game: 'KENO', seeds: { ...seeds, nonce: 5 }, bet, actions: [] }).view)).not.toBe(canonicalJson(result.view));
  });

  it("replays a mines round from its recorded view's actions", () => {
    const mines = houseGame('MINES')!;
    const bet = { stake: '2', mines: 3 };
    let step = mines.start(mines.betSchema.parse(bet), fairRoundRandom(seeds));
    const safe = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => !mines.view(step.state, true).minePositions.includes(cell));
    step = mines.act!(step.state, { type: 'reveal', cell: safe[3]! });
    step = mines.act!(step.state, { type: 'reveal', cell: safe[0]! });
    step = mines.act!(step.state, { type: 'cashout' });
    const recorded = mines.view(step.state, true);
    const result = recomputeRound({ game: 'MINES', seeds, bet, actions: minesClient.actionsOf!(recorded) });
    expect(canonicalJson(result.view)).toBe(canonicalJson(recorded));
    expect(result.win).toBe(step.win);
  });

  it('refuses an unknown game or a bet the game refuses', () => {
    expect(() => recomputeRound({ game: 'NOPE', seeds, bet: {}, actions: [] })).toThrow();
    expect(() => recomputeRound({ game: 'KENO', seeds, bet: { stake: '1', picks: [] }, actions: [] })).toThrow();
  });
});

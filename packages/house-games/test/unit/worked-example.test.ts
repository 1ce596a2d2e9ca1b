import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { FairStream, hashServerSeed, roundBlock } from '../../src/fair/index.js';
import { crashPoint } from '../../src/games/crash-point.js';
import { hashParity } from '../../src/games/hash-parity.js';
import { mines } from '../../src/games/mines.js';
import { roulette } from '../../src/games/roulette.js';
import { GOLDEN_SEEDS, goldenRound } from './games-helpers.js';

// The numbers of docs/provably-fair.md's "Verifying a round by hand": if one changes, so must the docs.
describe('the worked example of docs/provably-fair.md', () => {
  const seeds = (nonce: number) => ({ ...GOLDEN_SEEDS, nonce });

  it('commits to the server seed', () => {
    expect(hashServerSeed(GOLDEN_SEEDS.serverSeed)).toBe('dae2a2980b81a21e3a9e34dfc0f91d3d2553bcb0c327d518342262837911fb19');
  });

  it('turns HMAC bytes into numbers and a roulette pocket (nonce 2)', () => {
    const block = roundBlock(seeds(2), 0);
    expect(bytesToHex(block)).toBe('7399b726fdde0f08bfbbb82042d58324df3707e141295fedc93f236601072df2');
    expect([...block.slice(0, 4)]).toEqual([0x73, 0x99, 0xb7, 0x26]);
    const u = 0x73 / 256 + 0x99 / 256 ** 2 + 0xb7 / 256 ** 3 + 0x26 / 256 ** 4;
    expect(new FairStream(seeds(2)).next()).toBe(u);
    expect(u).toBe(0.45156426122412086);
    expect(Math.floor(u * 37)).toBe(16);
    expect(roulette.start({ chips: [{ bet: 'red', amount: '1' }] }, goldenRound(2)).state.number).toBe(16);
  });

  it('reads the hash game from the last digit (nonce 0)', () => {
    const view = hashParity.view(hashParity.start({ stake: '1', pick: 'big' }, goldenRound(0)).state, true);
    expect(view.hash).toBe('2057bf69f26abd4be82a7efe1cb9405cc8b997fda1981f9785bf347ecf1e70bc');
    expect(view).toMatchObject({ digit: 12, won: true });
  });

  it('places mines by the stopped shuffle (nonce 1, 3 mines)', () => {
    const stream = new FairStream(seeds(1));
    const numbers = [stream.next(), stream.next(), stream.next()];
    expect(numbers.map((u, step) => Math.floor(u * (25 - step)))).toEqual([10, 12, 12]);
    expect(mines.start({ stake: '1', mines: 3 }, goldenRound(1)).state.minePositions).toEqual([10, 13, 14]);
  });

  it('computes a crash point (nonce 4)', () => {
    expect(bytesToHex(roundBlock(seeds(4), 0)).slice(0, 8)).toBe('e8f364ce');
    const u = new FairStream(seeds(4)).next();
    expect(u).toBe(0.9099638941697776);
    expect(Math.floor(97 / (1 - u))).toBe(1077);
    expect(crashPoint(u)).toBe('10.77');
  });
});

import { nobleHmacSha256, roundBlock, type HmacSha256, type RoundSeeds } from './seeds.js';

/** Uniform numbers in [0, 1): what a game's outcome is drawn from. */
export interface FloatSource {
  next(): number;
}

/**
 * A round's numbers in order: block 0's eight, then block 1's, and so on. Each is the 4 bytes
 * b0..b3 read as b0/256 + b1/256² + b2/256³ + b3/256⁴ (the usual provably-fair convention), so a
 * number has 2^32 possible values.
 */
export class FairStream implements FloatSource {
  #block: Uint8Array = new Uint8Array(0);
  #cursor = 0;
  #offset = 32;

  constructor(
    readonly seeds: RoundSeeds,
    private readonly hmacSha256: HmacSha256 = nobleHmacSha256,
  ) {}

  next(): number {
    if (this.#offset >= 32) {
      this.#block = roundBlock(this.seeds, this.#cursor, this.hmacSha256);
      this.#cursor += 1;
      this.#offset = 0;
    }
    const b = this.#block;
    const o = this.#offset;
    this.#offset += 4;
    return b[o]! / 256 + b[o + 1]! / 65536 + b[o + 2]! / 16777216 + b[o + 3]! / 4294967296;
  }
}

/** An integer in [0, n): floor(number × n). The bias is below n / 2^32, far under any RTP's error. */
export function intBelow(source: FloatSource, n: number): number {
  return Math.floor(source.next() * n);
}

/**
 * `k` distinct integers of [0, n), in the order drawn: a Fisher–Yates shuffle stopped after k
 * steps (mines' positions, keno's draw). Step j takes one number and picks among the n − j left.
 */
export function pickDistinct(source: FloatSource, n: number, k: number): number[] {
  if (!Number.isInteger(k) || k < 0 || k > n) throw new RangeError(`cannot pick ${k} of ${n}`);
  const pool = Array.from({ length: n }, (_, index) => index);
  for (let j = 0; j < k; j += 1) {
    const swap = j + intBelow(source, n - j);
    [pool[j], pool[swap]] = [pool[swap]!, pool[j]!];
  }
  return pool.slice(0, k);
}

// `npm run bench:rtp`: simulates every house game (packages/house-games, the registry HOUSE_GAMES) with
// its simulated player and checks its declared RTP (ADR 0030, docs/provably-fair.md). For each game it
// prints the rounds, the declared RTP, the measured RTP (the mean of the per-round return win/stake)
// with its 99 % confidence interval (mean ± 2.576 × sd/√n), the hit rate (rounds that paid anything),
// the largest win as a multiple of its stake, and the time. The crash formula (crashPoint) is played
// as a pseudo-game CRASH: a cash-out target drawn log-uniformly from 1.01 to 100.
// It exits 1 when a declared RTP lies outside its interval or outside [0.95, 0.975].
//
//   npm run bench:rtp                                  10,000,000 rounds of every game
//   npm run bench:rtp -- --rounds 1000000 --game MINES --workers 2
//
// Reproducible: the rounds are the studio's own provably fair rounds (FairStream), worker w of game G
// playing server seed SHA-256("<bench seed>:G:w"), client seed "bench", nonce = the round's index in
// its share; the player's choices come from a small PRNG seeded the same way. The same --rounds and
// --workers (default: one per core) give the same figures. node:crypto's HMAC stands in for
// @noble/hashes (the same bytes, faster). Run with tsx (the games are TypeScript).
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { nodeHmacSha256 } from './lib/node-hmac.mjs';

const BENCH_SEED = 'wl-house-games-bench-rtp-1';
const CLIENT_SEED = 'bench';
const CRASH = 'CRASH';
const Z_99 = 2.576;
const RTP_BOUNDS = [0.95, 0.975];
const CRASH_TARGETS_HUNDREDTHS = [101, 10_000];

const games = () => import('../packages/house-games/src/games/index.ts');

/** tsx's loader does not reach worker threads on Node 20: each worker registers it before importing the games. */
async function workerGames() {
  const { register } = await import('tsx/esm/api');
  register();
  return games();
}

if (isMainThread) {
  process.exitCode = await main();
} else {
  parentPort.postMessage(await simulate(workerData));
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${error.message}\nusage: npm run bench:rtp -- [--rounds N] [--game CODE] [--workers N]`);
    return 2;
  }
  const { HOUSE_GAMES, CRASH_RTP } = await games();
  const codes = [...Object.keys(HOUSE_GAMES), CRASH].filter((code) => !options.game || code === options.game);
  if (codes.length === 0) {
    console.error(`No game ${options.game}: ${[...Object.keys(HOUSE_GAMES), CRASH].join(', ')}`);
    return 2;
  }
  print(`bench:rtp: ${options.rounds.toLocaleString('en')} rounds per game, ${options.workers} worker threads, seed ${BENCH_SEED}\n\n`);
  print('| game | rounds | declared RTP | measured RTP | 99 % interval | hit rate | largest win | time | |\n');
  print('|---|---:|---:|---:|---|---:|---:|---:|---|\n');
  let failed = 0;
  for (const code of codes) {
    const declared = code === CRASH ? CRASH_RTP : HOUSE_GAMES[code].rtp;
    const started = performance.now();
    const shares = await Promise.all(split(options.rounds, options.workers).map((share, worker) => runWorker({ code, worker, ...share })));
    const seconds = (performance.now() - started) / 1000;
    const total = shares.reduce((sum, share) => ({
      rounds: sum.rounds + share.rounds,
      sum: sum.sum + share.sum,
      sumOfSquares: sum.sumOfSquares + share.sumOfSquares,
      hits: sum.hits + share.hits,
      largest: Math.max(sum.largest, share.largest),
    }));
    const mean = total.sum / total.rounds;
    const sd = Math.sqrt(Math.max(0, total.sumOfSquares / total.rounds - mean * mean) * (total.rounds / (total.rounds - 1)));
    const halfWidth = (Z_99 * sd) / Math.sqrt(total.rounds);
    const declaredValue = Number(declared);
    const inside = declaredValue >= mean - halfWidth && declaredValue <= mean + halfWidth;
    const allowed = declaredValue >= RTP_BOUNDS[0] && declaredValue <= RTP_BOUNDS[1];
    const verdict = inside && allowed ? 'ok' : !allowed ? 'FAIL: declared RTP outside [0.95, 0.975]' : 'FAIL: declared RTP outside the interval';
    if (verdict !== 'ok') failed += 1;
    print(
      `| ${code} | ${total.rounds.toLocaleString('en')} | ${declared} | ${mean.toFixed(4)} | ${(mean - halfWidth).toFixed(4)} – ${(mean + halfWidth).toFixed(4)} ` +
        `| ${((100 * total.hits) / total.rounds).toFixed(2)} % | ${total.largest.toLocaleString('en', { maximumFractionDigits: 2 })}× | ${seconds.toFixed(1)} s | ${verdict} |\n`,
    );
  }
  print(failed ? `\n${failed} game(s) failed.\n` : '\nEvery declared RTP lies inside its 99 % interval.\n');
  return failed ? 1 : 0;
}

function parseArguments(args) {
  const options = { rounds: 10_000_000, game: null, workers: availableParallelism() };
  for (let index = 0; index < args.length; index += 2) {
    const [name, value] = [args[index], args[index + 1]];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--rounds' || name === '--workers') {
      const count = Number(value.replaceAll('_', ''));
      if (!Number.isSafeInteger(count) || count < (name === '--rounds' ? 2 : 1)) throw new Error(`${name} must be a whole number (rounds at least 2)`);
      options[name.slice(2)] = count;
    } else if (name === '--game') {
      options.game = value.toUpperCase();
    } else {
      throw new Error(`unknown option ${name}`);
    }
  }
  return options;
}

/** Rounds [from, to) of each worker: as equal as they come. */
function split(rounds, workers) {
  const base = Math.floor(rounds / workers);
  const shares = [];
  let from = 0;
  for (let worker = 0; worker < workers; worker += 1) {
    const count = base + (worker < rounds % workers ? 1 : 0);
    shares.push({ from, to: from + count });
    from += count;
  }
  return shares.filter((share) => share.to > share.from);
}

function runWorker(data) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`worker of ${data.code} exited with ${code}`)));
  });
}

/** A worker's share: rounds [from, to) of one game. */
async function simulate({ code, worker, from, to }) {
  const { HOUSE_GAMES, SIMULATED_PLAYERS, fairRoundRandom, crashPointHundredths, sfc32 } = await workerGames();
  const seed = createHash('sha256').update(`${BENCH_SEED}:${code}:${worker}`).digest();
  const serverSeed = seed.toString('hex');
  // The player's choices: seeded from the worker's seed (fast; the rounds' numbers stay the fair stream's).
  const choice = sfc32(seed.readUInt32LE(0), seed.readUInt32LE(4), seed.readUInt32LE(8), seed.readUInt32LE(12));
  const result = { rounds: 0, sum: 0, sumOfSquares: 0, hits: 0, largest: 0 };
  const playRound =
    code === CRASH ? crashRound(crashPointHundredths) : gameRound(HOUSE_GAMES[code], SIMULATED_PLAYERS[code]);
  for (let nonce = from; nonce < to; nonce += 1) {
    const random = fairRoundRandom({ serverSeed, clientSeed: CLIENT_SEED, nonce }, nodeHmacSha256);
    const multiple = playRound(random, choice);
    result.rounds += 1;
    result.sum += multiple;
    result.sumOfSquares += multiple * multiple;
    if (multiple > 0) result.hits += 1;
    if (multiple > result.largest) result.largest = multiple;
  }
  return result;
}

/** One round of a registered game with its simulated player: its win / its stake. */
function gameRound(game, player) {
  return (random, choice) => {
    const bet = game.betSchema.parse(player.bet(choice));
    const stake = game.stakeOf(bet);
    let step = game.start(bet, random);
    while (step.win === null) step = game.act(step.state, game.actionSchema.parse(player.action(step.state, choice)));
    return Number(step.win) / Number(stake);
  };
}

/** One crash round at a target drawn log-uniformly in [1.01, 100): the target if the point reaches it, else 0. */
function crashRound(crashPointHundredths) {
  const [low, high] = CRASH_TARGETS_HUNDREDTHS;
  return (random, choice) => {
    const point = crashPointHundredths(random.next());
    const target = Math.floor(low * (high / low) ** choice.next());
    return point >= BigInt(target) ? target / 100 : 0;
  };
}

function print(text) {
  process.stdout.write(text);
}

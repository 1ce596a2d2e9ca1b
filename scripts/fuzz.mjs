// `node scripts/fuzz.mjs --url http://127.0.0.1:3000 --count 10000 --seed N`: malformed requests
// across every call of a running server (scripts/fuzz-lib.mjs, ADR 0064). Prints a table by kind
// and exits 1 on any failure (a status ≥ 500, a reply that is not a clear error) or when the server
// no longer answers /healthz at the end. Resets and timeouts where a reply was due are counted
// apart (a loaded machine may make a slow call miss the timeout) and fail the run with --strict.
//
//   --url URL          the server or load balancer (default http://127.0.0.1:3000)
//   --count N          requests (default 10000)
//   --seed N           fast-check seed (default: the clock; printed, so a run can be repeated)
//   --concurrency N    requests in flight (default 8)
//   --timeout MS       how long a reply may take (default 10000)
//   --host NAME        the Host header (default the URL's host)
//   --header 'N: V'    a header on every request, repeatable (an operator key, `Authorization:
//                      Bearer …`, lets the operator calls' payloads be read, not just refused)
//   --strict           resets and timeouts fail the run too
//   --only I[,J]       send only these cases of the run (a reproducer's --only)
import { parseArgs } from 'node:util';
import { classify, formatSummary, generateCases, loadTargets, reproducerOf, runFuzz, sendCase } from './fuzz-lib.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    count: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    timeout: { type: 'string', default: '10000' },
    host: { type: 'string' },
    only: { type: 'string' },
    strict: { type: 'boolean', default: false },
    header: { type: 'string', multiple: true, default: [] },
  },
});

const baseUrl = values.url;
const count = Number(values.count);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const concurrency = Number(values.concurrency);
const timeoutMs = Number(values.timeout);
const host = values.host;
const headers = Object.fromEntries(
  values.header.map((line) => {
    const colon = line.indexOf(':');
    if (colon < 1) {
      console.error(`--header must be "Name: value", not ${JSON.stringify(line)}`);
      process.exit(2);
    }
    return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  }),
);
for (const [name, value] of Object.entries({ count, seed, concurrency, timeout: timeoutMs })) {
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
}

const print = (line) => process.stdout.write(`${line}\n`);

if (values.only) {
  // Replays chosen cases of a run, printing each request's reply.
  const targets = await loadTargets(baseUrl, { timeoutMs });
  const cases = generateCases({ targets, count, seed });
  for (const index of values.only.split(',').map(Number)) {
    const fuzzCase = cases[index];
    if (!fuzzCase) throw new Error(`No case #${index} in a run of ${count}`);
    const outcome = await sendCase(baseUrl, fuzzCase, { timeoutMs, host, headers });
    print(`#${index} ${fuzzCase.kind} ${fuzzCase.target} ${fuzzCase.method} ${fuzzCase.path.slice(0, 200)}`);
    print(`  ${JSON.stringify(classify(fuzzCase, outcome))} ${outcome.status ?? outcome.error} ${String(outcome.body ?? '').slice(0, 500)}`);
  }
  process.exit(0);
}

print(`fuzz: ${count} requests to ${baseUrl}, seed ${seed}, ${concurrency} in flight`);
let shown = 0;
const summary = await runFuzz({
  baseUrl,
  count,
  seed,
  concurrency,
  timeoutMs,
  host,
  headers,
  onProgress: (done, total) => {
    if (process.stderr.isTTY && (done === total || done - shown >= 250)) {
      shown = done;
      process.stderr.write(`\r${done}/${total}`);
      if (done === total) process.stderr.write('\n');
    }
  },
});
print(`${summary.count} requests over ${summary.calls} calls in ${summary.seconds.toFixed(1)} s (seed ${summary.seed})`);
print(formatSummary(summary));
print(`server alive after the run: ${summary.aliveAfter ? 'yes' : 'NO'}`);
if (summary.problems.length > 0) {
  print(`\n${summary.failures.length} failures, ${summary.problems.length - summary.failures.length} resets or timeouts; the first ones:`);
  const byVerdict = [...summary.failures, ...summary.problems.filter((problem) => problem.verdict !== 'failure')];
  for (const problem of byVerdict.slice(0, 10)) print(reproducerOf(problem, summary, host ?? new URL(baseUrl).host));
}
const failed = summary.failures.length > 0 || !summary.aliveAfter || (values.strict && summary.problems.length > 0);
process.exitCode = failed ? 1 : 0;

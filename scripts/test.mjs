// `npm test`: lint, typecheck, build, then the unit, API and browser tests, one after the other
// (two cores), ending with a one-line summary "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reportDir = mkdtempSync(path.join(tmpdir(), 'wl-test-'));
let passed = 0;
let failed = 0;
const failures = [];
/** Each failed test with the first line of its error, repeated at the end where a CI log's tail shows it. */
const failedTests = [];

function run(label, command, args) {
  console.log(`\n── ${label} ──`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  console.log(`── ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function step(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function tests(project) {
  const report = path.join(reportDir, `${project}.json`);
  const ok = run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    if (json.numFailedTests > 0 || !ok) failures.push(`${project} tests`);
    for (const file of json.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        failedTests.push(`${project} · ${where} · ${test.fullName}\n    ${reason}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
        failedTests.push(`${project} · ${where} · (the file failed to run)\n    ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`);
      }
    }
    if (!ok && json.numFailedTests === 0) failed += 1; // a suite that failed to load
  } catch {
    failed += 1;
    failures.push(`${project} tests (no report)`);
  }
}

step('lint', 'npx', ['eslint', '.']);
step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
const built = run('build', 'npm', ['run', 'build', '--silent']);
if (!built) {
  failed += 1;
  failures.push('build');
}
tests('unit');
tests('api');
if (built) tests('e2e');
else failures.push('e2e tests (skipped: no build)');

rmSync(reportDir, { recursive: true, force: true });
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failures.length ? 1 : 0);

// `npm test`: every check the project has, in one command. Exits non-zero if any step fails, after
// running the rest, and ends with one plain line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, root } from './lib.mjs';
import { ltsMajor, prepareNodeLts } from './node-lts.mjs';
import { smokeStart } from './smoke-start.mjs';

const outDir = path.join(root, '.test-output');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const installHint = 'sudo apt-get update && sudo apt-get install -y chromium';

// How long each step took and the machine's load then: a slow run says whether it was the suite or the machine.
const timings = [];
const load = () => os.loadavg()[0].toFixed(1);

async function timed(name, work) {
  const started = performance.now();
  const loadBefore = load();
  try {
    return await work();
  } finally {
    const seconds = Math.round((performance.now() - started) / 1000);
    timings.push(`${name}: ${seconds} s (load ${loadBefore} → ${load()})`);
  }
}

function sh(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Browser tests need Debian's Chromium: install it as root, else stop at once with the command. */
function ensureChromium() {
  if (fs.existsSync(chromium)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`\nChromium is missing at ${chromium}. Install it with:\n\n  ${installHint}\n`);
    return false;
  }
  console.log(`Chromium is missing at ${chromium}; installing it from Debian's packages…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  return (
    sh('apt-get', ['update'], env) &&
    sh('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], env) &&
    fs.existsSync(chromium)
  );
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

if (!ensureChromium()) process.exit(1);
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

const failedSteps = [];
const step = async (name, work) => {
  if (!(await timed(name, work))) failedSteps.push(name);
};

await step('typecheck', () => sh('npm', ['run', '--silent', 'typecheck']));
await step('lint', () => sh('npm', ['run', '--silent', 'lint']));

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: the API suite runs on SQLite only (CI runs it on PostgreSQL too).');
}
const vitestReport = path.join(outDir, 'vitest.json');
await step('unit and API tests', () =>
  sh('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
);

let built = true;
await step('build', () => {
  try {
    buildIfNeeded();
  } catch (error) {
    console.error(error.message);
    built = false;
  }
  return built;
});
const e2eReport = path.join(outDir, 'e2e.json');
if (built) await step('browser tests', () => sh('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']));

// The API suite and a start on the current Node LTS as well (the machine's Node may be older).
const ltsReport = path.join(outDir, 'vitest-node-lts.json');
let lts;
try {
  lts = await timed(`Node ${ltsMajor} ready`, () => prepareNodeLts());
} catch (error) {
  console.error(`Node ${ltsMajor} LTS could not be prepared: ${error.message}`);
  failedSteps.push(`Node ${ltsMajor} LTS`);
}
if (lts) {
  // SQLite is where the Node versions differ (its native driver); the PostgreSQL driver is plain JavaScript.
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
  await step(`API tests on Node ${ltsMajor}`, () =>
    sh(lts.node, [
      vitest,
      'run',
      '--project',
      'api:sqlite',
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${ltsReport}`,
    ]),
  );
  if (built) {
    await step(`start on Node ${ltsMajor}`, async () => {
      try {
        const { version } = await smokeStart(lts.node);
        console.log(`\nstart smoke test passed on Node ${version}`);
        return true;
      } catch (error) {
        console.error(`start smoke test on Node ${ltsMajor} failed: ${error.message}`);
        return false;
      }
    });
  }
}

const unit = readJson(vitestReport);
const onLts = readJson(ltsReport);
if (lts && !onLts) failedSteps.push(`API tests on Node ${ltsMajor} (no report)`);
const e2e = readJson(e2eReport)?.stats;
if (!unit) failedSteps.push('unit and API tests (no report)');
if (built && !e2e) failedSteps.push('browser tests (no report)');
const passed = (unit?.numPassedTests ?? 0) + (onLts?.numPassedTests ?? 0) + (e2e?.expected ?? 0) + (e2e?.flaky ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (onLts?.numFailedTests ?? 0) + (e2e?.unexpected ?? 0);
const skipped =
  (unit?.numPendingTests ?? 0) +
  (unit?.numTodoTests ?? 0) +
  (onLts?.numPendingTests ?? 0) +
  (onLts?.numTodoTests ?? 0) +
  (e2e?.skipped ?? 0);

/** Browser tests (a Playwright JSON report) with a test of this status, by file and title. */
function specNames(report, status) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === status)) names.push(`${spec.file} > ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return names;
}

/** Browser tests that failed once and passed on their retry (decision 051). */
const flakyNames = (report) => specNames(report, 'flaky');

/** Names of the failed tests in a vitest (Jest-shaped) or Playwright JSON report, so CI's last lines say which. */
function failedNames(report) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') names.push(`${path.relative(root, file.name)} > ${test.fullName}`);
    }
  }
  return [...names, ...specNames(report, 'unexpected')];
}

console.log(`\nTimes (${os.cpus().length} cores):\n${timings.map((line) => `- ${line}`).join('\n')}\n`);
const flakyTests = flakyNames(readJson(e2eReport));
if (flakyTests.length)
  console.log(`Flaky tests (passed on retry):\n${flakyTests.map((name) => `- ${name}`).join('\n')}`);
const failedTests = [unit, onLts, readJson(e2eReport)].flatMap(failedNames);
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((name) => `- ${name}`).join('\n')}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);

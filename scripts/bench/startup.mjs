#!/usr/bin/env node
// Start-up benchmark: bare `node -e 0` (the floor), `pulse --version`, and `pulse -p hi` against
// the project's mock Messages API (spawn -> first request, and total), plus peak RSS of
// `-p hi`. Medians of N rounds after one warm-up round; each round runs all three commands
// back to back, so a slow spell on a shared machine weighs on the floor and on Pulse alike.
// Usage: node scripts/bench/startup.mjs [runs]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { median, pulseBin, startHiWorld } from './harness.mjs';

const pulse = pulseBin();
const runs = Number.parseInt(process.argv[2] ?? process.env.BENCH_RUNS ?? '15', 10);
const TIME_BIN = '/usr/bin/time';
const PAUSE_MS = 50;

function run(command, args, { cwd, env } = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const startedWall = Date.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
        return;
      }
      resolvePromise({ ms: performance.now() - started, startedWall, stderr });
    });
  });
}

function statsOf(samples) {
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples) };
}

/** Runs every measurement once per round; the first round warms caches up and is dropped. */
async function measureInRounds(measurements) {
  const samples = measurements.map(() => []);
  for (let round = 0; round <= runs; round++) {
    for (const [index, once] of measurements.entries()) {
      // A pause lets the previous process's exit work (writeback, teardown) finish first.
      await sleep(PAUSE_MS);
      const ms = await once();
      if (round > 0) samples[index].push(ms);
    }
  }
  return samples.map(statsOf);
}

async function main() {
  const { scratch, mock, env, close } = await startHiWorld('pulse-bench-');
  const cwd = scratch;

  try {
    const firstRequest = [];
    const [node, version, printHi] = await measureInRounds([
      async () => (await run(process.execPath, ['-e', '0'], { cwd, env })).ms,
      async () => (await run(process.execPath, [pulse, '--version'], { cwd, env })).ms,
      async () => {
        const before = mock.requests.length;
        const result = await run(process.execPath, [pulse, '-p', 'hi'], { cwd, env });
        const request = mock.requests[before];
        if (request) firstRequest.push(request.receivedAt - result.startedWall);
        return result.ms;
      },
    ]);
    firstRequest.shift(); // the warm-up round's
    const rss = await peakRss(env, cwd);
    report(node, version, printHi, firstRequest, rss);
  } finally {
    await close();
  }
}

/** Peak RSS of `pulse -p hi` in MiB: GNU time's report, or VmHWM polled from /proc. */
async function peakRss(env, cwd) {
  const samples = [];
  for (let index = 0; index < Math.min(runs, 5); index++) {
    samples.push(existsSync(TIME_BIN) ? await rssWithTime(env, cwd) : await rssFromProc(env, cwd));
  }
  return median(samples);
}

async function rssWithTime(env, cwd) {
  const { stderr } = await run(TIME_BIN, ['-v', process.execPath, pulse, '-p', 'hi'], { cwd, env });
  const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  if (!match) throw new Error('could not read the peak RSS from /usr/bin/time');
  return Number(match[1]) / 1024;
}

async function rssFromProc(env, cwd) {
  const child = spawn(process.execPath, [pulse, '-p', 'hi'], { cwd, env, stdio: 'ignore' });
  let peakKb = 0;
  const poll = setInterval(async () => {
    try {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
    } catch {
      // The process has exited between polls.
    }
  }, 5);
  await new Promise((resolvePromise) => child.once('close', resolvePromise));
  clearInterval(poll);
  return peakKb / 1024;
}

function report(node, version, printHi, firstRequest, rss) {
  const ratio = (ms) => `${(ms / node.median).toFixed(2)}x`;
  const row = (label, stats) =>
    `| ${label} | ${stats.median.toFixed(0)} ms | ${stats.min.toFixed(0)}–${stats.max.toFixed(0)} ms | ${ratio(stats.median)} |`;
  const firstStats = statsOf(firstRequest);
  console.log(`Start-up, median of ${runs} interleaved rounds (one warm-up round dropped), Node ${process.version}\n`);
  console.log('| measurement | median | min–max | vs node -e 0 |');
  console.log('|---|---|---|---|');
  console.log(row('node -e 0', node));
  console.log(row('pulse --version', version));
  console.log(row('pulse -p hi: spawn → first request', firstStats));
  console.log(row('pulse -p hi: total', printHi));
  console.log(`\nPeak RSS of pulse -p hi: ${rss.toFixed(0)} MiB (median of ${Math.min(runs, 5)})`);
}

await main();

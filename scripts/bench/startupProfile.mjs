#!/usr/bin/env node
// Where `pulse -p hi` spends its time before the first model request: runs it N times under
// --cpu-prof against the mock Messages API (after one run that fills the code cache) and
// prints the mean self time by kind and the top functions, counting only samples taken before
// the first HTTP request starts. Usage: node scripts/bench/startupProfile.mjs [runs] [top]
// Build with identifiers kept to read the function names: PULSE_BUILD_KEEP_NAMES=1 npm run build.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pulseBin, startHiWorld } from './harness.mjs';

const pulse = pulseBin();
const runs = Number.parseInt(process.argv[2] ?? '10', 10);
const top = Number.parseInt(process.argv[3] ?? '30', 10);

function runPulse(args, env, cwd) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...args, pulse, '-p', 'hi'], { cwd, env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`pulse exited ${code}`))));
  });
}

/** The HTTP request's constructor marks the end: everything before it is start-up. */
const isRequestStart = (frame) =>
  frame.functionName === 'ClientRequest' || (frame.functionName === 'fetch' && frame.url.includes('undici'));

function kindOf(frame) {
  if (frame.url === '') return frame.functionName;
  if (frame.url.includes('/chunks/cli-')) return 'CLI bundle (JavaScript)';
  if (frame.functionName === 'compileForInternalLoader') return "compiling Node's built-in modules";
  if (frame.url.startsWith('node:')) return "Node's own JavaScript (bootstrap, loaders, built-ins)";
  return `other: ${frame.url.replace(/.*\//, '')}`;
}

function addTo(map, key, value) {
  map.set(key, (map.get(key) ?? 0) + value);
}

function summarise(profile, byKind, byFunction) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const startsRequest = (id) => {
    for (let at = id; at !== undefined; at = parents.get(at)) if (isRequestStart(nodes.get(at).callFrame)) return true;
    return false;
  };
  let total = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    if (startsRequest(profile.samples[index])) break;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const frame = nodes.get(profile.samples[index]).callFrame;
    total += micros;
    addTo(byKind, kindOf(frame), micros);
    addTo(byFunction, `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\//, '')}:${frame.lineNumber}`, micros);
  }
  return total;
}

function print(title, map, runCount, limit) {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${(micros / 1000 / runCount).toFixed(1).padStart(8)} ms  ${key.slice(0, 110)}`);
  }
}

async function main() {
  const { scratch, env, close } = await startHiWorld('pulse-profile-');
  const profiles = join(scratch, 'profiles');
  try {
    await runPulse([], env, scratch); // fills the code cache
    for (let index = 0; index < runs; index++) {
      await runPulse(['--cpu-prof', '--cpu-prof-interval', '250', '--cpu-prof-dir', profiles], env, scratch);
    }
    const byKind = new Map();
    const byFunction = new Map();
    let total = 0;
    for (const name of await readdir(profiles)) {
      total += summarise(JSON.parse(await readFile(join(profiles, name), 'utf8')), byKind, byFunction);
    }
    console.log(`${runs} runs under --cpu-prof (which slows them): ${(total / 1000 / runs).toFixed(0)} ms before the first request`);
    print('Self time by kind (mean per run)', byKind, runs, 12);
    print('Top functions by self time (mean per run)', byFunction, runs, top);
  } finally {
    await close();
  }
}

await main();

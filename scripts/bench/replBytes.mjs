#!/usr/bin/env node
// Where the REPL's bytes go while it streams an answer: reads a dump of the pty's output saved by
// `BENCH_DUMP=<prefix> node scripts/bench/repl.mjs` (<prefix>.<pace>ms.json, one entry per read,
// which is about one per frame) and sums the bytes by kind — text, styles, each cursor move,
// inserts and erases — overall and per read.
// Usage: node scripts/bench/replBytes.mjs <dump.json> [answer bytes]
import { readFileSync } from 'node:fs';

const [file, answerArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/replBytes.mjs <dump.json> [answer bytes]');
  process.exit(1);
}
const chunks = JSON.parse(readFileSync(file, 'utf8'));
// eslint-disable-next-line no-control-regex
const TOKEN = /\u001B\[([0-9;?]*)[ -/]*([@-~])|\u001B([0-9A-Za-z=>])|\r\n|\r|\n|\v|[^\u001B\r\n\v]+/gy;
const NAMES = { A: 'cursor up', B: 'cursor down', G: 'to column', H: 'cursor home', L: 'insert rows', M: 'delete rows', K: 'erase to end of row', J: 'erase down', m: 'styles (SGR)' };

function kindOf(match) {
  const [token, parameters, final, escape] = match;
  if (escape === '7') return 'save cursor (DECSC)';
  if (escape === '8') return 'restore cursor (DECRC)';
  if (escape !== undefined) return `ESC ${escape}`;
  if (token === '\r\n') return 'newline (CR LF)';
  if (token === '\r') return 'carriage return';
  if (token === '\n') return 'bare line feed';
  if (token === '\v') return 'line feed (VT)';
  if (final === undefined) return 'text';
  if (final === 'm') sgrs.set(token, (sgrs.get(token) ?? 0) + 1);
  if (final === 'h' || final === 'l') return `mode ${parameters}${final}`;
  return NAMES[final] ?? `CSI ${final}`;
}

const totals = new Map();
/** Each SGR sequence and how often it was written. */
const sgrs = new Map();
for (const chunk of chunks) {
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(chunk); match; match = TOKEN.exec(chunk)) {
    const kind = kindOf(match);
    const entry = totals.get(kind) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += Buffer.byteLength(match[0]);
    totals.set(kind, entry);
  }
}
const total = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
const answerBytes = Number(answerArg ?? 0);
console.log(`${total} bytes in ${chunks.length} reads${answerBytes > 0 ? ` (${(total / answerBytes).toFixed(2)} per answer byte)` : ''}\n`);
console.log('| kind | count | bytes | share | bytes per read |');
console.log('|---|---|---|---|---|');
for (const [kind, entry] of [...totals].sort((a, b) => b[1].bytes - a[1].bytes)) {
  console.log(`| ${kind} | ${entry.count} | ${entry.bytes} | ${((entry.bytes / total) * 100).toFixed(1)}% | ${(entry.bytes / chunks.length).toFixed(1)} |`);
}
console.log('\nMost written SGR sequences:');
for (const [sequence, count] of [...sgrs].sort((a, b) => b[1] * b[0].length - a[1] * a[0].length).slice(0, 12)) {
  console.log(`  ${JSON.stringify(sequence).slice(1, -1).replaceAll('\\u001b', 'ESC')} ×${count}`);
}

// BENCH_PHASES=1 for longSession.mjs: where a round's time goes, phase by phase. The bench marks
// the moments it can see from outside the loop (the loop asking for a request, the model call,
// the fetch and its answer, the end of the streamed body, the tool's start and end, the tool
// result coming out), each with the wall clock and the process's CPU (V8's helper threads included), and V8's collections
// (perf_hooks 'gc' entries) are put in the phase they started in. Printed at rounds 10 and the
// last: the median over the window of each phase's wall, CPU and collection time.
import { PerformanceObserver, constants } from 'node:perf_hooks';

/** In the order a round passes them; a phase is named by the mark that ends it. */
export const PHASE_MARKS = ['request', 'callModel', 'fetch', 'response', 'streamed', 'toolStart', 'toolEnd', 'result'];
const PHASE_TEXT = {
  request: 'last result -> next request asked (loop bookkeeping)',
  callModel: 'request asked -> callModel (context layers, buildModelRequest)',
  fetch: 'callModel -> fetch (request body, serialising, the SDK)',
  response: 'fetch -> response headers (the send, and the mock)',
  streamed: 'response -> body read (the stream; the mock paces it)',
  toolStart: 'body read -> tool starts (assembling, the runner)',
  toolEnd: 'the tool itself',
  result: 'tool ends -> its result yielded',
};
const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** `cpu()` is the process's CPU in ms; `rounds` how many the measured session runs. */
export function phaseRecorder(cpu, rounds) {
  const perRound = Array.from({ length: rounds + 1 }, () => ({ marks: [], gc: [] }));
  const collections = [];
  const observer = new PerformanceObserver((list) => collections.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration, kind: GC_KINDS[e.detail?.kind] ?? 'other' }))));
  observer.observe({ entryTypes: ['gc'] });
  let round = 0;
  let on = false;
  return {
    /** Marks of the measured session only; the round's first mark is its start. */
    begin(at) {
      round = at;
      on = round <= rounds;
      if (on) perRound[round].marks = [{ name: 'start', wall: performance.now(), cpu: cpu() }];
    },
    mark(name) {
      if (on) perRound[round].marks.push({ name, wall: performance.now(), cpu: cpu() });
    },
    end() {
      on = false;
    },
    /** One line per phase: median wall, CPU and collection time over the rounds ending at each mark. */
    report(marks, window) {
      observer.disconnect();
      for (const gc of collections) {
        const owner = perRound.find(({ marks: m }) => m.length > 1 && m[0].wall <= gc.start && gc.start < m.at(-1).wall);
        if (!owner) continue;
        const phase = owner.marks.findIndex((m) => m.wall > gc.start);
        owner.gc.push({ phase: owner.marks[phase].name, ...gc });
      }
      const median = (values) => {
        const sorted = values.slice().sort((a, b) => a - b);
        return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)];
      };
      const lines = ['phases (median over the window; wall / process CPU / collections started in it, ms):'];
      const figures = (from, to, name) => {
        const rows = perRound.slice(from, to + 1).filter((r) => r.marks.length === PHASE_MARKS.length + 1);
        const of = (r, field) => {
          const index = r.marks.findIndex((m) => m.name === name);
          return r.marks[index][field] - r.marks[index - 1][field];
        };
        const gcOf = (r, kind) => r.gc.filter((g) => g.phase === name && (kind === undefined || g.kind === kind)).reduce((sum, g) => sum + g.duration, 0);
        return { wall: median(rows.map((r) => of(r, 'wall'))), cpu: median(rows.map((r) => of(r, 'cpu'))), gc: rows.reduce((sum, r) => sum + gcOf(r), 0) / Math.max(1, rows.length) };
      };
      const windows = marks.map((mark) => [mark - window + 1, mark]);
      lines.push(`  ${'phase'.padEnd(64)} ${windows.map(([, to]) => `round ${to}`.padStart(22)).join('')}`);
      for (const name of PHASE_MARKS) {
        const cells = windows.map(([from, to]) => {
          const f = figures(from, to, name);
          return `${f.wall.toFixed(2)} / ${f.cpu.toFixed(2)} / ${f.gc.toFixed(2)}`.padStart(22);
        });
        lines.push(`  ${PHASE_TEXT[name].padEnd(64)} ${cells.join('')}`);
      }
      for (const [from, to] of windows) {
        const rows = perRound.slice(from, to + 1);
        const byKind = Object.values(GC_KINDS).map((kind) => {
          const all = rows.flatMap((r) => r.gc.filter((g) => g.kind === kind));
          return `${kind} ${(all.length / rows.length).toFixed(2)}×, ${(all.reduce((s, g) => s + g.duration, 0) / rows.length).toFixed(2)} ms`;
        });
        lines.push(`  collections a round, rounds ${from}-${to}: ${byKind.join('; ')}`);
      }
      return lines.join('\n');
    },
  };
}

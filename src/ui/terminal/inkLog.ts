// Ink's log-update interface, backed by LineDiffLog: the build swaps this module in for Ink's own
// log-update (scripts/packagePatches.mjs), and it keeps the REPL's writer for the live slots and Ctrl+L.
import { LineDiffLog, type TerminalStream, type WriterOptions } from './lineDiffLog.js';

let active: LineDiffLog | undefined;

/** The REPL's writer, for the live slots; undefined when Ink writes through its own log (ink-testing-library). */
export function liveWriter(): Pick<LineDiffLog, 'setSlot' | 'refresh' | 'print'> | undefined {
  return active;
}

/** Ctrl+L: redraws the live area on a clean screen; false when Ink writes through its own log. */
export function redrawTerminal(): boolean {
  if (!active) return false;
  active.redraw();
  return true;
}

type InkLog = ((output: string) => boolean) & Omit<LineDiffLog, 'render'>;

/** Ink's log-update interface (`logUpdate.create`), backed by LineDiffLog. */
function create(stream: TerminalStream, options?: WriterOptions): InkLog {
  const log = new LineDiffLog(stream, options);
  active = log;
  const render = ((output: string) => log.render(output)) as InkLog;
  render.commit = (staticOutput, output) => log.commit(staticOutput, output);
  render.clear = () => log.clear();
  render.sync = (output) => log.sync(output);
  render.done = () => {
    log.done();
    if (active === log) active = undefined;
  };
  render.redraw = () => log.redraw();
  render.setCursorPosition = () => log.setCursorPosition();
  render.isCursorDirty = () => log.isCursorDirty();
  render.willRender = (output) => log.willRender(output);
  return render;
}

export default { create };

// Nothing Pulse starts outlives it: Bash commands and hooks (each the leader of its own process
// group) and MCP stdio servers are listed here while they run.
// - Every exit Pulse makes itself (normal exit, an error, Ctrl+C, SIGTERM, SIGHUP: all end in
//   process.exit) runs the 'exit' hook below: process groups get SIGKILL (a command Pulse stopped
//   waiting for has nothing left to say), MCP servers SIGTERM (they may tidy up).
// - SIGKILL of Pulse runs no code at all. For that, a watchdog `sh` is started beside Pulse in a
//   session of its own (so a terminal's SIGHUP or Ctrl+C does not reach it), reading the list on
//   a pipe whose only writer is Pulse: when Pulse dies, by any cause, the kernel closes the pipe,
//   the watchdog reads end-of-file, sends SIGTERM to whatever is still listed, and SIGKILL a
//   second later. Linux's PR_SET_PDEATHSIG would only reach the direct child and is not
//   available to Node without native code, and a command that never reads stdin never notices
//   its stdin closing; the pipe to a watchdog works for every process Pulse lists.
import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/** The watchdog: keeps the list as pipe lines `+ <target>` / `- <target>` say, then kills what is left. */
const WATCHDOG_SCRIPT = [
  "trap '' INT HUP",
  "listed=''",
  'while IFS= read -r line; do',
  '  case $line in',
  '    "+ "*) listed="$listed ${line#+ }" ;;',
  `    "- "*) kept=''; for t in $listed; do [ "$t" = "\${line#- }" ] || kept="$kept $t"; done; listed=$kept ;;`,
  '  esac',
  'done',
  '[ -z "$listed" ] && exit 0',
  'for t in $listed; do kill -s TERM -- "$t" 2>/dev/null; done',
  'sleep 1',
  'for t in $listed; do kill -s KILL -- "$t" 2>/dev/null; done',
].join('\n');

/** A negative number names a process group, as kill(2) takes it. */
const guarded = new Map<number, 'group' | 'process'>();
let exitHookInstalled = false;
let watchdog: ChildProcess | undefined;
let watchdogStarting: Promise<void> | undefined;
/** Lines said before the watchdog was up. */
const unsent: string[] = [];

function tell(line: string): void {
  if (watchdog?.stdin?.writable) {
    watchdog.stdin.write(`${line}\n`);
    return;
  }
  unsent.push(line);
  watchdogStarting ??= startWatchdog();
}

async function startWatchdog(): Promise<void> {
  const { spawn } = await import('node:child_process');
  try {
    const child = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    child.on('error', () => undefined);
    child.stdin.on('error', () => undefined);
    // Neither the watchdog nor its pipe may keep Pulse running.
    child.unref();
    (child.stdin as Socket).unref();
    watchdog = child;
    for (const line of unsent.splice(0)) child.stdin.write(`${line}\n`);
  } catch {
    // No /bin/sh: Pulse's own exit hook still covers every exit but SIGKILL.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [target, kind] of guarded) {
      try {
        process.kill(target, kind === 'group' ? 'SIGKILL' : 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  });
}

function guard(target: number, kind: 'group' | 'process'): void {
  guarded.set(target, kind);
  installExitHook();
  tell(`+ ${target}`);
}

function release(target: number): void {
  if (!guarded.delete(target)) return;
  tell(`- ${target}`);
}

/** A command's process group (its leader's pid), ended with Pulse however Pulse ends. */
export function guardProcessGroup(pgid: number): void {
  guard(-pgid, 'group');
}

export function releaseProcessGroup(pgid: number): void {
  release(-pgid);
}

/** A single process that shares Pulse's group (an MCP stdio server). */
export function guardProcess(pid: number): void {
  guard(pid, 'process');
}

export function releaseProcess(pid: number): void {
  release(pid);
}

// Entry point. `--version` is answered before anything else loads; every other path imports
// the program lazily so the built entry stays tiny.
import { reportFatal } from './fatal.js';
import { PULSE_VERSION } from './version.js';

function argsBeforeTerminator(args: string[]): string[] {
  const end = args.indexOf('--');
  return end === -1 ? args : args.slice(0, end);
}

function wantsVersion(args: string[]): boolean {
  return argsBeforeTerminator(args).some((arg) => arg === '--version' || arg === '-v');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (wantsVersion(args)) {
    process.stdout.write(`${PULSE_VERSION} (Pulse)\n`);
    return 0;
  }
  const { loadCli } = await import('./loadCli.js');
  const { runCli } = await loadCli(args, () => import('./interactive.js'));
  return runCli(args);
}

// Sockets kept alive by the HTTP client or an unread stdin must not hold the process open once
// the work is done, so Pulse exits explicitly after its output has drained.
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

// No top-level await: the built entry is a CommonJS file, which Node starts without its ES
// module loader.
void main()
  .catch((error: unknown) => {
    reportFatal(error);
    return 1;
  })
  .then(async (exitCode) => {
    await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
    process.exit(exitCode);
  });

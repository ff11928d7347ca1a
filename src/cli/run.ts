// Parses the command line, picks the mode and hands over. Heavy modules (bootstrap, the loop,
// the REPL) are imported only once Pulse knows it needs them, so --help stays fast.
import { isatty } from 'node:tty';
import * as z from 'zod';
import { lockedWorkSettled } from '../utils/fileLock.js';
import { chooseMode } from './mode.js';
import { parseCommandLine } from './program.js';
import { combinePrompt, processStdin, readStdin, stdinIsTerminal } from './stdin.js';

// zod compiles a parser for each object schema with new Function on its first parse. Code made
// that way never reaches the V8 code cache, and a run parses most schemas once or twice.
z.config({ jitless: true });

export async function runCli(args: string[]): Promise<number> {
  try {
    return await runMode(args);
  } finally {
    // Pulse exits as soon as this returns: writes to shared files must land first. (The REPL's
    // modules are a bundle of their own, with their own copy of this list: runInteractive waits.)
    await lockedWorkSettled();
  }
}

async function runMode(args: string[]): Promise<number> {
  if (args[0] === 'mcp') {
    const { runMcpCommand } = await import('./mcpCommand.js');
    return runMcpCommand(args.slice(1));
  }
  if (args[0] === 'plugin' || args[0] === 'plugins') {
    const { runPluginCommand } = await import('./plugin/program.js');
    return runPluginCommand(args.slice(1));
  }
  if (args[0] === 'permissions') {
    const { runPermissionsCommand } = await import('./permissionsCommand.js');
    return runPermissionsCommand(args.slice(1));
  }
  const parsed = parseCommandLine(args);
  if (parsed.kind === 'exit') return parsed.code;

  const { readCliOptions, checkPrintModeOptions } = await import('./options.js');
  const options = readCliOptions(parsed.raw);
  const mode = chooseMode({
    printFlag: options.print,
    hasPrompt: (parsed.prompt ?? '').trim() !== '',
    stdinIsTTY: stdinIsTerminal(),
    stdoutIsTTY: isatty(1),
  });

  if (options.inputFormat === 'stream-json') {
    // The SDK protocol: prompts and control messages arrive on stdin for as long as it stays open.
    if ((parsed.prompt ?? '').trim() !== '') {
      throw new Error('with --input-format stream-json the prompts come on stdin, not as an argument');
    }
    checkPrintModeOptions(options);
    const { runSdk } = await import('./sdk/runSdk.js');
    return runSdk(options);
  }

  if (mode === 'interactive') {
    const { runInteractive } = await import('./interactive.js');
    return runInteractive(options, parsed.prompt);
  }

  checkPrintModeOptions(options);
  // Loading print mode's modules is most of start-up; let it overlap with reading stdin.
  const printMode = import('./print/runPrint.js');
  printMode.catch(() => undefined);
  const stdinText = await readStdin(processStdin(), (parsed.prompt ?? '').trim() !== '');
  const prompt = combinePrompt(parsed.prompt, stdinText);
  if (prompt.trim() === '') {
    throw new Error('no prompt given: pass one as an argument (pulse -p "…") or pipe it on stdin');
  }
  const { runPrint } = await printMode;
  return runPrint(options, prompt);
}

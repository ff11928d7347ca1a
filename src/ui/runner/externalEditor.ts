// Opens a file in the user's editor from inside the REPL: Ink lets go of raw input while the
// editor owns the terminal (stdio inherited), then takes it back when the editor exits.
import { spawnSync } from 'node:child_process';
import { quoteForShell } from '../../tools/bash/shell.js';

export function editFileInTerminal(path: string, editor: string, stdin: NodeJS.ReadStream = process.stdin): Promise<void> {
  const wasRaw = stdin.isTTY === true && stdin.isRaw;
  if (wasRaw) stdin.setRawMode(false);
  try {
    // The editor setting may carry arguments (`code --wait`), so it goes through the shell.
    const result = spawnSync(`${editor} ${quoteForShell(path)}`, { stdio: 'inherit', shell: true });
    if (result.error) return Promise.reject(result.error);
    if (result.status !== 0) return Promise.reject(new Error(`${editor} exited with status ${String(result.status)}`));
    return Promise.resolve();
  } finally {
    if (wasRaw) stdin.setRawMode(true);
  }
}

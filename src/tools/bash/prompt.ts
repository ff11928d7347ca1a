// Pulse's guidance to the model for the Bash tool.
import type { BashLimits } from './limits.js';

export function bashPrompt(limits: BashLimits): string {
  const defaultMinutes = Math.round(limits.defaultTimeoutMs / 60_000);
  return `Runs a shell command and returns what it printed (stdout and stderr together) and its exit code.

How commands run:
- Each call starts a fresh non-interactive shell. Environment variables and shell state do not carry over between calls, but the working directory does: \`cd sub\` in one call means the next call starts in sub. If a command moves outside the project's working directories, the next call starts back in the project root.
- Prefer absolute paths over \`cd\`, so each command says exactly what it touches.
- Quote every path that contains spaces or shell characters with double quotes: \`cd "/path/with spaces"\`.
- Commands have no terminal and no input. Avoid anything interactive (editors, pagers, prompts, \`git rebase -i\`, \`git add -p\`); pass flags such as \`--yes\`, \`-m\` or \`--no-pager\` instead.
- A command is stopped after ${limits.defaultTimeoutMs} ms (${defaultMinutes} min) unless you set \`timeout\` (at most ${limits.maxTimeoutMs} ms). Set a longer one for slow builds or test suites. Anything the command started, including background jobs, is stopped when it finishes or times out, so do not start servers or watchers expecting them to survive the call.
- For a server, a watcher or any command you do not want to wait for, set \`run_in_background: true\`: the call returns an id at once, TaskOutput reads what the shell has printed since you last looked, and TaskStop ends it. Background shells are stopped when the session ends. Do not add \`&\` yourself.
- Output longer than ${limits.maxOutputLength} characters is cut in the middle: you see the beginning and the end. Filter noisy commands (\`| tail -50\`, \`grep\`, quieter flags) when you only need part of the output.
- Chain dependent steps with \`&&\`; use \`;\` only when later steps should run even if earlier ones fail. Independent commands can be separate calls in the same turn.
- Give \`description\` a few words saying what the command does ("Install dependencies", "Run the parser tests").

Use the dedicated tools instead of shell equivalents — they are faster, safer and their output is easier to use:
- Read files with Read, not cat, head, tail or less.
- Find files with Glob, not find or ls -R.
- Search file contents with Grep, not grep or rg.
- Change files with Edit or Write, not sed, awk, echo > or heredocs.
Keep Bash for what truly needs a shell: builds, tests, package managers, git, running programs.

Git safety:
- Create commits only when the user asks for one. Stage specific files by name rather than \`git add -A\`, and write a message that says why the change was made.
- Never change git config, never push with --force, never rewrite published history (rebase, reset --hard, amend of pushed commits), and never skip hooks (--no-verify) unless the user explicitly asks.
- If a hook or check fails, fix the cause and make a new commit rather than working around it.
- Never push unless the user asks you to.`;
}

// The one way plugins reach git: a shallow clone, with a deadline, and its commit. Loaded only by
// `pulse plugin …`, never at start-up.
const CLONE_TIMEOUT_MS = 120_000;

async function git(args: string[], cwd?: string): Promise<string> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, timeout: CLONE_TIMEOUT_MS, maxBuffer: 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }, (error, stdout, stderr) => {
      if (error) {
        const detail = `${stderr}`.trim().split('\n').filter(Boolean).at(-1) ?? error.message;
        reject(new Error(`git ${args[0]} failed: ${detail}`));
        return;
      }
      resolve(`${stdout}`.trim());
    });
  });
}

export type GitCheckout = { url: string; ref?: string; sha?: string };

/** Clones `url` into `dest` (which must not exist) and returns the commit checked out. */
export async function cloneInto(checkout: GitCheckout, dest: string): Promise<string> {
  const branch = checkout.ref ? ['--branch', checkout.ref] : [];
  // A pinned sha needs history to reach it; otherwise the newest commit is all that is needed.
  const depth = checkout.sha ? [] : ['--depth', '1'];
  await git(['clone', '--quiet', ...depth, ...branch, checkout.url, dest]);
  if (checkout.sha) await git(['checkout', '--quiet', checkout.sha], dest);
  return git(['rev-parse', 'HEAD'], dest);
}

/** The commit a clone is at, or undefined when `dir` is not a git checkout. */
export async function headCommit(dir: string): Promise<string | undefined> {
  return git(['rev-parse', 'HEAD'], dir).catch(() => undefined);
}

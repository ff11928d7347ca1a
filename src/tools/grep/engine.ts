// Which search engine to use, decided at run time: a bundled or compiled Pulse may not have the
// ripgrep package beside it, and Grep must still work then.
import { accessSync, constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

export type GrepEngine = { kind: 'ripgrep'; rgPath: string } | { kind: 'builtin' };

let packagedRgPath: Promise<string | undefined> | undefined;

/**
 * PULSE_GREP_ENGINE=builtin|ripgrep forces a choice. Otherwise: PULSE_RIPGREP_PATH, the
 * @vscode/ripgrep binary, `rg` on PATH, and finally the built-in JavaScript search.
 */
export async function resolveEngine(env: NodeJS.ProcessEnv = process.env): Promise<GrepEngine> {
  if (env.PULSE_GREP_ENGINE === 'builtin') return { kind: 'builtin' };
  const rgPath = env.PULSE_RIPGREP_PATH || (await findPackagedRg()) || findOnPath('rg', env.PATH);
  if (rgPath) return { kind: 'ripgrep', rgPath };
  if (env.PULSE_GREP_ENGINE === 'ripgrep') {
    throw new Error('PULSE_GREP_ENGINE=ripgrep is set but no ripgrep binary was found.');
  }
  return { kind: 'builtin' };
}

function findPackagedRg(): Promise<string | undefined> {
  packagedRgPath ??= loadPackagedRg();
  return packagedRgPath;
}

async function loadPackagedRg(): Promise<string | undefined> {
  try {
    const { rgPath } = await import('@vscode/ripgrep');
    await access(rgPath, constants.X_OK);
    return rgPath;
  } catch {
    return undefined;
  }
}

function findOnPath(command: string, pathVariable: string | undefined): string | undefined {
  for (const dir of (pathVariable ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder; keep looking.
    }
  }
  return undefined;
}

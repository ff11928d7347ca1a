// The session's background shells: started by Bash with `run_in_background`, read by
// TaskOutput, ended by TaskStop, and all ended when print mode finishes or Pulse exits (the
// process-group exit hook SIGKILLs any still tracked).
import { randomUuid } from '../../utils/random.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackgroundShell } from './backgroundShell.js';

export type StartBackgroundOptions = {
  shell: string;
  command: string;
  description?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  maxUnreadChars: number;
};

function defaultOutputDir(): string {
  return join(tmpdir(), `pulse-background-${process.pid}`);
}

export class BackgroundShellRegistry {
  private readonly shells = new Map<string, BackgroundShell>();

  constructor(private outputDir: () => string = defaultOutputDir) {}

  /** Bootstrap points output files at the session's folder. */
  setOutputDir(outputDir: () => string): void {
    this.outputDir = outputDir;
  }

  start(options: StartBackgroundOptions): BackgroundShell {
    const id = `bash_${randomUuid().slice(0, 8)}`;
    const shell = new BackgroundShell({ ...options, id, outputPath: join(this.outputDir(), `${id}.output`) });
    this.shells.set(id, shell);
    return shell;
  }

  get(id: string): BackgroundShell | undefined {
    return this.shells.get(id.trim());
  }

  list(): BackgroundShell[] {
    return [...this.shells.values()];
  }

  running(): BackgroundShell[] {
    return this.list().filter((shell) => shell.isRunning);
  }

  /** Ends every shell still running; resolves when all have finished. */
  async stopAll(): Promise<void> {
    await Promise.all(this.running().map((shell) => shell.kill()));
  }
}

/** The one registry a Pulse process has. */
export const backgroundShells = new BackgroundShellRegistry();

// /memory: opens the project memory file in the user's editor, or says where it is.
import { ensureProjectMemoryFile } from '../memory/projectFile.js';
import type { LocalCommand } from './types.js';

export function preferredEditor(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const editor = env.VISUAL?.trim() || env.EDITOR?.trim();
  return editor === '' ? undefined : editor;
}

export const memoryCommand: LocalCommand = {
  name: 'memory',
  description: 'Edit the project memory file (CLAUDE.md)',
  async run(ctx) {
    const path = await ensureProjectMemoryFile(ctx.projectDir ?? process.cwd());
    const editor = preferredEditor();
    if (!editor || !ctx.editFile) {
      ctx.print(`Project memory: ${path}\nSet $EDITOR (or $VISUAL) to open it from here.`);
      return;
    }
    await ctx.editFile(path, editor);
    ctx.print(`Saved ${path}; the next request includes it.`);
  },
};

// How memory reaches the model, and the warning when there is too much of it.
import type { MemoryType } from './discover.js';
import type { MemoryFile } from './load.js';

export const MEMORY_WARNING_CHARS = 40_000;

const KIND_LABEL: Record<MemoryType, string> = {
  user: "the user's personal instructions, for every project",
  project: 'project instructions, shared with everyone working on it',
  local: "the user's private instructions for this project",
};

export function formatMemoryForPrompt(files: MemoryFile[]): string {
  if (files.length === 0) return '';
  const intro =
    'Standing instructions from memory files follow. Follow them; they override your default ' +
    'habits, and where two disagree the one listed later wins.';
  const sections = files.map((file) => `Memory file ${file.path} (${KIND_LABEL[file.type]}):\n\n${file.content}`);
  return [intro, ...sections].join('\n\n');
}

/** A warning when memory is large enough to crowd out the conversation, else undefined. */
export function memorySizeWarning(files: MemoryFile[]): string | undefined {
  const total = files.reduce((sum, file) => sum + file.content.length, 0);
  if (total <= MEMORY_WARNING_CHARS) return undefined;
  const largest = [...files]
    .sort((a, b) => b.content.length - a.content.length)
    .slice(0, 3)
    .map((file) => `${file.path} (${file.content.length.toLocaleString('en-US')})`)
    .join(', ');
  return (
    `Memory files add up to ${total.toLocaleString('en-US')} characters, over the ` +
    `${MEMORY_WARNING_CHARS.toLocaleString('en-US')} that keeps every request lean. Largest: ${largest}.`
  );
}

/** Memory that came into play mid-session, as the meta text attached after a tool result. */
export function formatNestedMemory(files: MemoryFile[]): string {
  const sections = files.map((file) => `Memory file ${file.path} (${KIND_LABEL[file.type]}):\n\n${file.content}`);
  return [
    '<system-reminder>',
    'The file just used comes with instructions from memory. Follow them for work on these files:',
    '',
    sections.join('\n\n'),
    '</system-reminder>',
  ].join('\n');
}

// Pulse's system prompt, assembled from parts on every call: who Pulse is and how it works
// (or the user's --system-prompt instead), guidance for the tools on offer, what connected MCP
// servers asked the model to know, the environment, memory files, the output style, then
// --append-system-prompt. An output style other than the default takes out the instructions to
// be brief and, for a custom style that does not keep them, the coding instructions.
import { formatMcpInstructions, type McpServerInstructions } from '../mcp/instructions.js';
import type { OutputStyle } from '../outputStyles/types.js';
import type { AnyTool } from '../tools/Tool.js';
import type { EnvironmentInfo, GitInfo } from './environment.js';

export type SystemPromptParts = {
  tools: readonly AnyTool[];
  environment: EnvironmentInfo;
  model: string;
  isNonInteractive: boolean;
  /** Already formatted memory (CLAUDE.md, AGENTS.md …); empty when there is none. */
  memory: string;
  /** --system-prompt: replaces Pulse's own identity and working rules. */
  customPrompt?: string;
  /** --append-system-prompt. */
  appendPrompt?: string;
  /** Instructions from connected MCP servers, each capped when formatted. */
  mcpInstructions?: readonly McpServerInstructions[];
  /** The session's output style; undefined for the default style. */
  outputStyle?: OutputStyle;
};

const IDENTITY = `You are Pulse, an agentic coding assistant that works in the user's terminal and repository. You help with software engineering: reading and changing code, running commands, tracking down bugs and explaining how things work.`;

const STYLED_IDENTITY = `You are Pulse, an agent that works in the user's terminal and with their files, reading, changing and running things with your tools. How you respond is set by the output style at the end of these instructions: follow it.`;

/**
 * `brevity` is dropped under any output style (the style says how to reply); `coding` stays for
 * the built-in styles and for custom ones that set keep-coding-instructions.
 */
const WAY_OF_WORKING: ReadonlyArray<{ kind: 'brevity' | 'coding' | 'always'; text: string }> = [
  { kind: 'brevity', text: 'Be concise. Answer directly, without preamble or a recap of what you just did. Your output is shown in a terminal; keep formatting light.' },
  { kind: 'always', text: 'Act with your tools instead of describing what you would do. When several tool calls do not depend on each other, make them in the same response so they run together.' },
  { kind: 'coding', text: 'Read a file before you change it. Keep edits small and in the style of the code around them.' },
  { kind: 'coding', text: "Verify your work: after changing code, run the project's tests, type checker or build when it has them, and say what you ran and what happened. Never claim a check passed without running it." },
  { kind: 'always', text: "Do not invent. If you do not know a file's content, an API or a command's output, find out with a tool or say that you do not know." },
  { kind: 'always', text: 'Ask before destructive or hard-to-undo actions (deleting files, force pushes, rewriting history) unless the user asked for them.' },
];

function wayOfWorking(style: OutputStyle | undefined): string {
  const kept = WAY_OF_WORKING.filter(
    (rule) => style === undefined || rule.kind === 'always' || (rule.kind === 'coding' && style.keepCodingInstructions),
  );
  return `How you work:\n${kept.map((rule) => `- ${rule.text}`).join('\n')}`;
}

function styleSection(style: OutputStyle): string {
  return `# Output style: ${style.name}\n${style.prompt}\n\nThe ${style.name} output style is in effect: keep to it in every reply of this conversation.`;
}

const NON_INTERACTIVE = `You are running non-interactively: nobody can answer questions during this run. Make reasonable assumptions, state them briefly, and finish the task.`;

const TOOL_GUIDANCE: Readonly<Record<string, string>> = {
  Read: 'Read shows a file with line numbers; use it rather than cat, head or tail in Bash.',
  Edit: 'Edit replaces an exact, unique piece of text in a file you have read; prefer it to Write for existing files.',
  Write: 'Write creates a new file or replaces one completely; read an existing file first.',
  Glob: 'Glob finds files by name pattern; use it rather than find or ls in Bash.',
  Grep: 'Grep searches file contents with regular expressions; use it rather than grep or rg in Bash.',
  Bash: 'Bash runs shell commands for builds, tests, git and anything else; quote paths that contain spaces.',
};

function toolSection(tools: readonly AnyTool[]): string | undefined {
  if (tools.length === 0) return undefined;
  const lines = tools.map((tool) => `- ${TOOL_GUIDANCE[tool.name] ?? `${tool.name}: ${tool.description()}`}`);
  return `Using your tools:\n${lines.join('\n')}`;
}

function gitLines(git: GitInfo): string[] {
  if (git.kind === 'none') return ['Git repository: no'];
  if (git.kind === 'unknown') return ['Git repository: unknown (git did not answer in time)'];
  const lines = ['Git repository: yes'];
  if (git.branch) lines.push(`Current branch: ${git.branch}`);
  if (git.changes.length === 0) {
    lines.push('Working tree: clean');
    return lines;
  }
  lines.push('Working tree changes (git status --porcelain, at startup):');
  lines.push(...git.changes.map((change) => `  ${change}`));
  if (git.moreChanges > 0) lines.push(`  … and ${git.moreChanges} more`);
  return lines;
}

function environmentSection(environment: EnvironmentInfo, model: string): string {
  const lines = [
    `Working directory: ${environment.cwd}`,
    `Platform: ${environment.platform}`,
    `Today's date: ${environment.date}`,
    `Model: ${model}`,
    ...gitLines(environment.git),
  ];
  return `<environment>\n${lines.join('\n')}\n</environment>`;
}

export function assembleSystemPrompt(parts: SystemPromptParts): string[] {
  const style = parts.outputStyle;
  const identity = parts.customPrompt ?? [style ? STYLED_IDENTITY : IDENTITY, wayOfWorking(style)].join('\n\n');
  const blocks = [
    identity,
    parts.isNonInteractive ? NON_INTERACTIVE : undefined,
    toolSection(parts.tools),
    formatMcpInstructions(parts.mcpInstructions ?? []),
    environmentSection(parts.environment, parts.model),
    parts.memory.trim() === '' ? undefined : parts.memory,
    style ? styleSection(style) : undefined,
    parts.appendPrompt,
  ];
  return blocks.filter((block): block is string => block !== undefined && block.trim() !== '');
}

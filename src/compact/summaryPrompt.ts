// Pulse's own words for the compaction request and for the message that carries the summary
// into the continued session.

export const COMPACT_SYSTEM_PROMPT =
  'You write handover notes for a coding session so that it can continue after its history is replaced by them. ' +
  'You only write text; you have no tools in this conversation.';

export const SUMMARY_SECTIONS = [
  'Goal and intent',
  'Key concepts',
  'Files and code',
  'Errors and fixes',
  'All user messages',
  'Pending tasks',
  'Current work',
  'Next step',
] as const;

const SECTION_GUIDANCE: Readonly<Record<(typeof SUMMARY_SECTIONS)[number], string>> = {
  'Goal and intent': 'What the user wants overall and why, including every explicit request and constraint.',
  'Key concepts': 'Technologies, frameworks, conventions and design decisions the work depends on.',
  'Files and code':
    'Each file looked at, changed or created: its path, why it matters, what changed. Quote the code that the remaining work will need.',
  'Errors and fixes': 'Each error met, how it was fixed, and any correction or feedback the user gave.',
  'All user messages':
    'Every message the user wrote (not tool results), word for word and in order. They show how the intent changed.',
  'Pending tasks': 'Work the user asked for that is not done yet.',
  'Current work':
    'Exactly what was being worked on just before this request: files, functions, the state of the change.',
  'Next step':
    'The one next step that follows directly from the current work and the latest request, quoting the latest request. ' +
    'Write "None" if the last task was finished and nothing new was asked.',
};

export function buildCompactPrompt(customInstructions?: string): string {
  const sections = SUMMARY_SECTIONS.map(
    (title, index) => `${index + 1}. ${title}: ${SECTION_GUIDANCE[title]}`,
  ).join('\n');
  const parts = [
    'Answer with text only. Do not call any tool: no tool is available and a tool call would end this request with nothing.',
    '',
    'Write a detailed summary of the conversation so far. It will replace the conversation, so anything it leaves out is lost to whoever continues the work.',
    '',
    'First think inside <analysis> tags: go through the conversation in order and note the requests, decisions, files, code, errors and user feedback. That part is thrown away.',
    'Then write the summary inside <summary> tags with these numbered sections:',
    sections,
  ];
  const extra = customInstructions?.trim();
  if (extra) parts.push('', `Further instructions for this summary:\n${extra}`);
  parts.push('', 'Reminder: text only, <analysis> first, then <summary>.');
  return parts.join('\n');
}

/** Drops the scratch analysis and the tags, keeping the summary's own text. */
export function formatCompactSummary(raw: string): string {
  const withoutAnalysis = raw.replace(/<analysis>[\s\S]*?(<\/analysis>|$)/g, '');
  const summaryMatch = /<summary>([\s\S]*?)(<\/summary>|$)/.exec(withoutAnalysis);
  const body = summaryMatch ? (summaryMatch[1] ?? '') : withoutAnalysis;
  return body.replace(/\n{3,}/g, '\n\n').trim();
}

/** The session's instructions, shown to the summariser so the summary keeps what they say must be kept. */
export function sessionInstructionsText(sessionSystemPrompt: readonly string[]): string {
  return [
    'The session being summarised ran under the instructions below (its system prompt, with the project\'s CLAUDE.md and other memory files). ' +
      'They still apply after the summary. Where they ask for something to be kept, remembered or carried over, make sure the summary keeps it.',
    '<session-instructions>',
    ...sessionSystemPrompt,
    '</session-instructions>',
  ].join('\n\n');
}

export type SummaryMessageOptions = {
  summary: string;
  trigger: 'auto' | 'manual';
  transcriptPath?: string;
  /** The person's latest prompt follows the summary word for word. */
  promptFollows?: boolean;
};

export function buildSummaryMessage({ summary, trigger, transcriptPath, promptFollows }: SummaryMessageOptions): string {
  const covers = promptFollows
    ? "The summary covers everything until now, the work on the user's latest request included; that request follows it word for word."
    : 'The summary covers everything before this point.';
  const parts = [
    `This session continues from an earlier conversation that was summarised because it grew too long for the context window. ${covers}`,
    '',
    summary,
  ];
  if (transcriptPath) {
    parts.push('', `The full earlier conversation is in ${transcriptPath} if an exact detail is needed.`);
  }
  if (trigger === 'auto') {
    parts.push(
      '',
      'Carry on with the work from where it stopped, without asking the user anything first. Do not mention the summary and do not recap it; just continue with the next step.',
    );
  }
  return parts.join('\n');
}

export const COLLAPSE_PROMPT =
  'Summarise the part of the session above in a few sentences: what the user asked, what was done (files and key changes), and the answer given. ' +
  'Keep exact file paths, names and numbers. Text only, no preamble.';

/** Stands in for the oldest history dropped so an over-long compaction request fits. */
export const TRUNCATED_FOR_RETRY_MARKER = '[The oldest part of the conversation was left out so this summary request would fit.]';

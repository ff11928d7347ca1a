// Putting a resumed conversation on screen and into the store: the history goes to the model
// unchanged; the screen shows a note and the last few exchanges as they were drawn live: prompts,
// answers, each tool call's row with its result, and where a turn was interrupted.
import type { LocalCommand } from '../../commands/types.js';
import type { NewTranscriptItem, ReplStore } from '../../state/store.js';
import type { AnyTool } from '../../tools/Tool.js';
import type { Message } from '../../types/messages.js';
import { getToolUseBlocks, isInterruptionMessage } from '../../utils/messages.js';
import { shownToolUse, toolRow, type ShownToolUse } from '../format/toolDisplay.js';
import { INTERRUPTED_NOTICE } from '../format/turnEnd.js';
import { renderAnswer } from '../markdown/lineStream.js';
import { answerWidth } from '../runner/answerWidth.js';

/** How many earlier messages are shown; older ones are only summarised in the note. */
export const SHOWN_MESSAGES = 20;

function typedText(message: Message): string | undefined {
  if (message.type !== 'user' || message.isMeta || message.isSynthetic) return undefined;
  const { content } = message.message;
  if (typeof content === 'string') return content;
  if (content.some((block) => block.type === 'tool_result')) return undefined;
  const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  return text === '' ? undefined : text;
}

function assistantText(message: Message): string | undefined {
  if (message.type !== 'assistant' || message.apiError) return undefined;
  const text = message.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  return text.trim() === '' ? undefined : text;
}

/**
 * The rows of the last SHOWN_MESSAGES messages. A call's row goes where its result is, as it did
 * live; calls are named from the whole history, so a result shown without its call's message still
 * gets its title. The loader has answered every call a crash left open (sessions/repair.ts), so a
 * call cut off by a crash shows that answer: stopped, its outcome unknown.
 */
export function transcriptItemsFor(messages: readonly Message[], tools: readonly AnyTool[]): NewTranscriptItem[] {
  const uses = new Map<string, ShownToolUse>();
  for (const message of messages) for (const block of getToolUseBlocks(message)) uses.set(block.id, shownToolUse(tools, block));
  return messages.slice(-SHOWN_MESSAGES).flatMap((message) => itemsOf(message, uses));
}

function itemsOf(message: Message, uses: ReadonlyMap<string, ShownToolUse>): NewTranscriptItem[] {
  if (isInterruptionMessage(message)) return [{ kind: 'notice', ...INTERRUPTED_NOTICE }];
  const typed = typedText(message);
  if (typed !== undefined) return [{ kind: 'user', text: typed }];
  if (message.type === 'user' && Array.isArray(message.message.content)) {
    return message.message.content.flatMap((block) => (block.type === 'tool_result' ? [toolRow(uses.get(block.tool_use_id), block, message.toolUseResult)] : []));
  }
  if (message.type !== 'assistant') return [];
  if (message.apiError) return message.message.content.flatMap((block) => (block.type === 'text' ? [{ kind: 'notice' as const, text: block.text, tone: 'error' as const }] : []));
  const answer = assistantText(message);
  return answer === undefined ? [] : [{ kind: 'assistant_lines', lines: renderAnswer(answer, answerWidth), startsBlock: true }];
}

export function showResumedConversation(store: ReplStore, messages: readonly Message[], sessionId: string, tools: readonly AnyTool[]): void {
  const state = store.getState();
  state.appendMessages(...messages);
  const hidden = Math.max(0, messages.length - SHOWN_MESSAGES);
  const earlier = hidden > 0 ? ` (${hidden} earlier not shown)` : '';
  state.addTranscript(
    { kind: 'notice', text: `Resumed session ${sessionId} · ${messages.length} messages${earlier}`, tone: 'dim' },
    ...transcriptItemsFor(messages, tools),
  );
}

/** `/resume`: opens the picker; the App owns it, the command only asks for it. */
export function resumeCommand(openPicker: () => void): LocalCommand {
  return {
    name: 'resume',
    description: 'Continue an earlier conversation from this directory',
    run: () => openPicker(),
  };
}

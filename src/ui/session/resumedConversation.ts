// Putting a resumed conversation on screen and into the store: the history goes to the model
// unchanged; the screen shows a note and the last few exchanges, answers drawn as when they streamed.
import type { LocalCommand } from '../../commands/types.js';
import type { NewTranscriptItem, ReplStore } from '../../state/store.js';
import type { Message } from '../../types/messages.js';
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

export function transcriptItemsFor(messages: readonly Message[]): NewTranscriptItem[] {
  return messages.slice(-SHOWN_MESSAGES).flatMap((message): NewTranscriptItem[] => {
    const typed = typedText(message);
    if (typed !== undefined) return [{ kind: 'user', text: typed }];
    const answer = assistantText(message);
    if (answer !== undefined) return [{ kind: 'assistant_lines', lines: renderAnswer(answer, answerWidth), startsBlock: true }];
    return [];
  });
}

export function showResumedConversation(store: ReplStore, messages: readonly Message[], sessionId: string): void {
  const state = store.getState();
  state.appendMessages(...messages);
  const hidden = Math.max(0, messages.length - SHOWN_MESSAGES);
  const earlier = hidden > 0 ? ` (${hidden} earlier not shown)` : '';
  state.addTranscript(
    { kind: 'notice', text: `Resumed session ${sessionId} · ${messages.length} messages${earlier}`, tone: 'dim' },
    ...transcriptItemsFor(messages),
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

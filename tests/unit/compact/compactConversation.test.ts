import { describe, expect, it } from 'vitest';
import {
  buildPostCompactMessages,
  CompactionError,
  compactConversation,
  MAX_PROMPT_TOO_LONG_RETRIES,
} from '../../../src/compact/compactConversation.js';
import { MAX_FILES_TO_RESTORE, MAX_TOKENS_PER_RESTORED_FILE } from '../../../src/compact/postCompactAttachments.js';
import { SUMMARY_SECTIONS, TRUNCATED_FOR_RETRY_MARKER } from '../../../src/compact/summaryPrompt.js';
import { estimateTextTokens, tokenCountWithEstimation } from '../../../src/compact/tokens.js';
import type { FileReadRecord } from '../../../src/tools/Tool.js';
import type { Message } from '../../../src/types/messages.js';
import { createUserMessage } from '../../../src/utils/messages.js';
import { checkToolPairing } from '../../support/toolPairing.js';
import { assistant, fakeModel, prompt, round, textBlock } from './fixtures.js';

const SUMMARY_REPLY = [
  '<analysis>',
  'Scratch notes: the user wants X; scratch only.',
  '</analysis>',
  '',
  '<summary>',
  '1. Goal and intent: add a --verbose flag.',
  '8. Next step: document the flag.',
  '</summary>',
].join('\n');

const signal = new AbortController().signal;

function session(): Message[] {
  return [
    prompt('Add a --verbose flag to the CLI'),
    ...round('Read', { file_path: '/repo/cli.ts' }, 'export function main() {}'),
    assistant([textBlock('Added it.')]),
    prompt('Now document it'),
    ...round('Read', { file_path: '/repo/README.md' }, '# Tool'),
  ];
}

function record(content: string): FileReadRecord {
  return { content, timestamp: 1, isPartialView: false };
}

function textOf(message: Message | undefined): string {
  if (message?.type !== 'user') return '';
  const { content } = message.message;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

describe('compactConversation', () => {
  it('sends the sections prompt with no tools as a compact request and strips the analysis', async () => {
    const { callModel, requests } = fakeModel([SUMMARY_REPLY]);
    const messages = session();
    const result = await compactConversation({ messages, callModel, model: 'claude-opus-4-8', signal, trigger: 'auto' });

    expect(requests).toHaveLength(1);
    const request = requests[0];
    expect(request).toMatchObject({ tools: [], querySource: 'compact', maxOutputTokens: 20_000, model: 'claude-opus-4-8' });
    expect(request?.system[0]?.text).toMatch(/no tools/);
    expect(checkToolPairing(request?.messages)).toEqual([]);
    const lastRequestMessage = JSON.stringify(request?.messages.at(-1));
    for (const section of SUMMARY_SECTIONS) expect(lastRequestMessage).toContain(section);
    expect(lastRequestMessage).toContain('<analysis>');

    expect(result.summaryText).toBe('1. Goal and intent: add a --verbose flag.\n8. Next step: document the flag.');
    expect(result.preTokens).toBe(tokenCountWithEstimation(messages));
    expect(result.boundary).toMatchObject({
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      data: { trigger: 'auto', pre_tokens: result.preTokens },
    });
    const summary = result.messages[0];
    expect(summary).toMatchObject({ type: 'user', isMeta: true });
    const summaryText = textOf(summary);
    expect(summaryText).toMatch(/^This session continues from an earlier conversation that was summarised/);
    expect(summaryText).toContain(result.summaryText);
    expect(summaryText).not.toContain('Scratch');
    expect(summaryText).toMatch(/without asking the user anything/);
    expect(buildPostCompactMessages(result)).toEqual([result.boundary, ...result.messages]);
  });

  it('leaves the continue-without-asking line out of a manual compaction and passes custom instructions', async () => {
    const { callModel, requests } = fakeModel([SUMMARY_REPLY]);
    const result = await compactConversation({
      messages: session(),
      callModel,
      model: 'claude-opus-4-8',
      signal,
      trigger: 'manual',
      customInstructions: 'Focus on the CLI flags.',
    });
    expect(JSON.stringify(requests[0]?.messages.at(-1))).toContain('Focus on the CLI flags.');
    expect(textOf(result.messages[0])).not.toMatch(/without asking/);
    expect(result.boundary.data).toEqual({ trigger: 'manual', pre_tokens: result.preTokens });
  });

  it('re-attaches the five most recently read files within their budgets, and the todo list', async () => {
    const paths = Array.from({ length: 7 }, (_, n) => `/repo/f${n}.ts`);
    const reads = paths.flatMap((path) => round('Read', { file_path: path }, 'shown'));
    const readFileState = new Map(paths.map((path) => [path, record(`// ${path}\n`)]));
    readFileState.set('/repo/f6.ts', record('y'.repeat(100_000)));
    const { callModel } = fakeModel([SUMMARY_REPLY]);
    const result = await compactConversation({
      messages: [prompt('read everything'), ...reads],
      callModel,
      model: 'claude-opus-4-8',
      signal,
      trigger: 'auto',
      readFileState,
      todos: [
        { content: 'Write the parser', status: 'completed' },
        { content: 'Test the parser', status: 'in_progress' },
      ],
    });
    // f6 is cut short, so it no longer counts as read: Edit will ask for a fresh Read of it.
    expect(result.restoredFiles).toEqual(['/repo/f5.ts', '/repo/f4.ts', '/repo/f3.ts', '/repo/f2.ts']);
    // The summary, then the person's latest prompt word for word, then the attachments.
    expect(textOf(result.messages[1])).toBe('read everything');
    const attachments = result.messages.slice(2);
    expect(attachments.filter((m) => textOf(m).startsWith('Contents of'))).toHaveLength(MAX_FILES_TO_RESTORE);
    expect(attachments.every((m) => m.isMeta)).toBe(true);
    const bigFile = textOf(attachments[0]);
    expect(bigFile).toContain('/repo/f6.ts');
    expect(bigFile).toMatch(/cut short/);
    expect(estimateTextTokens(bigFile)).toBeLessThan(MAX_TOKENS_PER_RESTORED_FILE + 100);
    expect(textOf(attachments[1])).toContain('// /repo/f5.ts');
    const todos = textOf(attachments.at(-1));
    expect(todos).toContain('[x] Write the parser');
    expect(todos).toContain('[~] Test the parser');
  });

  it('drops the oldest rounds and retries when the summary request itself is too long', async () => {
    const { callModel, requests } = fakeModel([{ apiError: 'prompt_too_long' }, { apiError: 'prompt_too_long' }, SUMMARY_REPLY]);
    const rounds = Array.from({ length: 10 }, (_, n) => round('Grep', { pattern: `p${n}` }, `hits ${n}`)).flat();
    const messages = [prompt('the very first task'), ...rounds];
    const result = await compactConversation({ messages, callModel, model: 'claude-opus-4-8', signal, trigger: 'auto' });

    expect(result.summaryText).toContain('Goal and intent');
    expect(requests).toHaveLength(3);
    const sizes = requests.map((r) => r.messages.length);
    expect(sizes[1]).toBeLessThan(sizes[0] ?? 0);
    expect(sizes[2]).toBeLessThan(sizes[1] ?? 0);
    expect(JSON.stringify(requests[0]?.messages)).toContain('the very first task');
    for (const retry of requests.slice(1)) {
      expect(JSON.stringify(retry.messages)).not.toContain('the very first task');
      expect(JSON.stringify(retry.messages[0])).toContain(TRUNCATED_FOR_RETRY_MARKER);
      expect(checkToolPairing(retry.messages)).toEqual([]);
    }
  });

  it(`gives up after ${MAX_PROMPT_TOO_LONG_RETRIES} prompt-too-long retries`, async () => {
    const { callModel, requests } = fakeModel(Array.from({ length: 6 }, () => ({ apiError: 'prompt_too_long' as const })));
    const rounds = Array.from({ length: 10 }, (_, n) => round('Grep', { pattern: `p${n}` }, `hits ${n}`)).flat();
    await expect(
      compactConversation({ messages: [prompt('task'), ...rounds], callModel, model: 'claude-opus-4-8', signal, trigger: 'auto' }),
    ).rejects.toBeInstanceOf(CompactionError);
    expect(requests).toHaveLength(1 + MAX_PROMPT_TOO_LONG_RETRIES);
  });

  it('sends images as placeholders and compacts only what follows the last boundary', async () => {
    const { callModel, requests } = fakeModel([SUMMARY_REPLY]);
    const first = await compactConversation({ messages: session(), callModel: fakeModel([SUMMARY_REPLY]).callModel, model: 'm', signal, trigger: 'auto' });
    const screenshot = createUserMessage({
      content: [
        { type: 'text', text: 'Why does it look like this?' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo' } },
      ],
    });
    const history = [prompt('before the boundary'), ...buildPostCompactMessages(first), screenshot, assistant([textBlock('A layout bug.')])];
    await compactConversation({ messages: history, callModel, model: 'm', signal, trigger: 'manual' });
    const sent = JSON.stringify(requests[0]?.messages);
    expect(sent).toContain('[image]');
    expect(sent).not.toContain('iVBORw0KGgo');
    expect(sent).not.toContain('before the boundary');
    expect(sent).toContain('This session continues');
  });
});

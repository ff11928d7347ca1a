// Shared set-up for session tests: a private PULSE_CONFIG_DIR per test and message builders.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { AssistantMessage, ContentBlock } from '../../../src/types/messages.js';
import { usageOf } from '../../support/scriptedModel.js';

export type Sandbox = { root: string; configDir: string; cwd: string };

/** Registers hooks that give every test its own config dir and restore the environment after. */
export function useSandbox(): Sandbox {
  const sandbox: Sandbox = { root: '', configDir: '', cwd: '' };
  let saved: string | undefined;
  beforeEach(() => {
    sandbox.root = realpathSync(mkdtempSync(join(tmpdir(), 'pulse-sessions-')));
    sandbox.configDir = join(sandbox.root, 'config');
    sandbox.cwd = join(sandbox.root, 'work', 'repo');
    saved = process.env.PULSE_CONFIG_DIR;
    process.env.PULSE_CONFIG_DIR = sandbox.configDir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.PULSE_CONFIG_DIR;
    else process.env.PULSE_CONFIG_DIR = saved;
    rmSync(sandbox.root, { recursive: true, force: true });
  });
  return sandbox;
}

let counter = 0;

export function assistantMessage(content: ContentBlock[], responseId = `msg_${++counter}`): AssistantMessage {
  const hasToolUse = content.some((block) => block.type === 'tool_use');
  return {
    type: 'assistant',
    uuid: `asst-${++counter}`,
    timestamp: new Date().toISOString(),
    message: {
      id: responseId,
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content,
      stop_reason: hasToolUse ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: usageOf({ service_tier: 'standard' }),
    },
    requestId: `req_${counter}`,
  };
}

export function textBlock(text: string): ContentBlock {
  return { type: 'text', text, citations: null };
}

export function toolUseBlock(id: string, name = 'Read', input: unknown = { file_path: '/x' }): ContentBlock {
  return { type: 'tool_use', id, name, input, caller: { type: 'direct' } };
}

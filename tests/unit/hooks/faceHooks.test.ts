// The hooks the faces run around the loop (SessionStart, UserPromptSubmit, SessionEnd) and the
// PreCompact seam, with real scripts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPromptSubmitHooks, runSessionEndHooks, runSessionStartHooks } from '../../../src/cli/hooksSetup.js';
import type { HooksConfig } from '../../../src/hooks/config.js';
import { createHookRunner, type HookRunner } from '../../../src/hooks/hookRunner.js';
import { runPreCompactHooks } from '../../../src/query/preCompact.js';
import { makeToolContext } from '../../support/toolContext.js';
import { hooksFor, makeSandbox, type HookSandbox } from './helpers.js';

let box: HookSandbox;
beforeEach(() => {
  box = makeSandbox();
});
afterEach(() => box.cleanup());

function runner(config: HooksConfig): HookRunner {
  return createHookRunner({ config, sessionId: () => 's-9', transcriptPath: () => join(box.dir, 't.jsonl'), projectDir: box.dir });
}
const site = () => ({ cwd: box.dir, permissionMode: 'default' as const });
const contentOf = (message: { message: { content: unknown } } | undefined) => String(message?.message.content);

describe('UserPromptSubmit', () => {
  it('exit 2 blocks the prompt with the hook’s reason', async () => {
    const hook = box.script('block.sh', 'echo "no secrets in prompts" >&2; exit 2');
    const outcome = await runPromptSubmitHooks(runner(hooksFor('UserPromptSubmit', [hook])), 'my password is x', site());
    expect(outcome.blocked).toContain('no secrets in prompts');
    expect(outcome.context).toEqual([]);
  });

  it('plain stdout and additionalContext become one hidden message; the hook sees the prompt', async () => {
    const seen = join(box.dir, 'in.json');
    const plain = box.script('plain.sh', `cat > ${seen}; echo "today is release day"`);
    const json = box.script('json.sh', `cat > /dev/null; echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"use pnpm"}}'`);
    const outcome = await runPromptSubmitHooks(runner(hooksFor('UserPromptSubmit', [plain, json])), 'ship it', site());
    expect(outcome.blocked).toBeUndefined();
    expect(outcome.context).toHaveLength(1);
    expect(outcome.context[0]?.isMeta).toBe(true);
    expect(contentOf(outcome.context[0])).toContain('today is release day');
    expect(contentOf(outcome.context[0])).toContain('use pnpm');
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'ship it', session_id: 's-9' });
  });

  it('no hooks: nothing to do', async () => {
    expect(await runPromptSubmitHooks(undefined, 'hi', site())).toEqual({ context: [], notices: [] });
  });
});

describe('SessionStart and SessionEnd', () => {
  it('SessionStart stdout is context, and a crash is a notice, not a failure', async () => {
    const good = box.script('good.sh', 'cat > /dev/null; echo "on call: Ada"');
    const bad = box.script('bad.sh', 'echo boom >&2; exit 1');
    const outcome = await runSessionStartHooks(runner(hooksFor('SessionStart', [good, bad])), 'startup', 'claude-test', site());
    expect(contentOf(outcome.context[0])).toContain('on call: Ada');
    expect(outcome.notices.join('\n')).toContain('boom');
  });

  it('SessionEnd gets the reason', async () => {
    const seen = join(box.dir, 'end.json');
    const hook = box.script('end.sh', `cat > ${seen}`);
    await runSessionEndHooks(runner(hooksFor('SessionEnd', [hook])), 'prompt_input_exit', site());
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toMatchObject({ hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' });
  });
});

describe('PreCompact seam', () => {
  it('a blocking hook skips compaction; a quiet one lets it run', async () => {
    const block = box.script('keep.sh', 'cat > /dev/null; echo "not during a deploy" >&2; exit 2');
    const context = makeToolContext(box.dir, { hooks: runner(hooksFor('PreCompact', [block], 'auto')) });
    const blocked = await runPreCompactHooks(context, 'auto', undefined, () => 'u');
    expect(blocked.decision.proceed).toBe(false);
    expect(blocked.notices.map((notice) => notice.content).join('\n')).toContain('not during a deploy');
    const manual = await runPreCompactHooks(context, 'manual', 'keep the API notes', () => 'u');
    expect(manual.decision).toEqual({ proceed: true, customInstructions: 'keep the API notes' });
  });
});

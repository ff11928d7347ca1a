// What a hook may print on stdout when it exits 0 and its output starts with `{`.
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';

/** A permission answer: a PermissionRequest hook's decision, or an SDK host's `can_use_tool` reply. */
export const PermissionAnswerSchema = lazySchema(() =>
  z.union([
    z.looseObject({
      behavior: z.literal('allow'),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      updatedPermissions: z.array(z.unknown()).optional(),
    }),
    z.looseObject({
      behavior: z.literal('deny'),
      message: z.string().optional(),
      interrupt: z.boolean().optional(),
    }),
  ]),
);

const HookSpecificOutputSchema = lazySchema(() =>
  z.looseObject({
    hookEventName: z.string().optional(),
    permissionDecision: z.enum(['allow', 'deny', 'ask']).optional(),
    permissionDecisionReason: z.string().optional(),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    additionalContext: z.string().optional(),
    updatedMCPToolOutput: z.unknown().optional(),
    decision: PermissionAnswerSchema().optional(),
  }),
);

export const HookJSONOutputSchema = lazySchema(() =>
  z.looseObject({
    continue: z.boolean().optional(),
    stopReason: z.string().optional(),
    suppressOutput: z.boolean().optional(),
    decision: z.enum(['approve', 'block']).optional(),
    reason: z.string().optional(),
    systemMessage: z.string().optional(),
    hookSpecificOutput: HookSpecificOutputSchema().optional(),
  }),
);
export type HookJSONOutput = z.infer<ReturnType<typeof HookJSONOutputSchema>>;
export type PermissionRequestHookDecision = z.infer<ReturnType<typeof PermissionAnswerSchema>>;

export type ParsedStdout =
  | { kind: 'plain'; text: string }
  | { kind: 'json'; output: HookJSONOutput }
  | { kind: 'invalid'; error: string };

export function parseHookStdout(stdout: string): ParsedStdout {
  const text = stdout.trim();
  if (!text.startsWith('{')) return { kind: 'plain', text };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', error: `printed output that is not valid JSON (${errorText(error)})` };
  }
  const parsed = HookJSONOutputSchema().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'output';
    return { kind: 'invalid', error: `printed JSON that does not fit the hook output shape: ${where}: ${issue?.message ?? 'invalid'}` };
  }
  return { kind: 'json', output: parsed.data };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

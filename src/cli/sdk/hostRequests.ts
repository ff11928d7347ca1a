// Requests the host sends Pulse (REFERENCE §8.3). Each payload is checked; anything unknown or
// malformed is answered with an error response, so a newer SDK never crashes an older Pulse.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { PERMISSION_MODES, type PermissionMode } from '../../types/permissions.js';
import type { ControlChannel } from './controlChannel.js';
import type { ControlRequestLine } from './inputLines.js';
import { sdkHooksSchema } from './sdkHooks.js';

export const initializeRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal('initialize'),
    hooks: sdkHooksSchema().optional(),
    systemPrompt: z.union([z.string(), z.array(z.string())]).optional(),
    appendSystemPrompt: z.string().optional(),
    agents: z.record(z.string(), z.looseObject({ description: z.string(), prompt: z.string().optional(), model: z.string().optional() })).optional(),
    jsonSchema: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type InitializeRequest = z.infer<ReturnType<typeof initializeRequestSchema>>;

const selectableModes = PERMISSION_MODES.filter((mode) => mode !== 'bubble') as [PermissionMode, ...PermissionMode[]];

const setPermissionModeSchema = lazySchema(() => z.looseObject({ subtype: z.literal('set_permission_mode'), mode: z.enum(selectableModes) }));
const setModelSchema = lazySchema(() => z.looseObject({ subtype: z.literal('set_model'), model: z.string().min(1).nullable().optional() }));
const setThinkingSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal('set_max_thinking_tokens'),
    max_thinking_tokens: z.number().int().nonnegative().nullable(),
  }),
);

/** What the requests act on: the running session. Each may throw; the error goes back to the host. */
export type HostRequestTarget = {
  initialize(request: InitializeRequest): Promise<Record<string, unknown>>;
  interrupt(): void;
  setPermissionMode(mode: PermissionMode): void;
  setModel(model: string | undefined): void;
  setMaxThinkingTokens(tokens: number | null): void;
  contextUsage(): Promise<Record<string, unknown>>;
  mcpStatus(): Record<string, unknown>;
};

type Handler = (request: Record<string, unknown>, target: HostRequestTarget) => Promise<Record<string, unknown>>;

function parse<T>(schema: z.ZodType<T>, request: Record<string, unknown>): T {
  const parsed = schema.safeParse(request);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'request';
  throw new Error(`invalid ${String(request.subtype)} request: ${where}: ${issue?.message ?? 'malformed'}`);
}

const HANDLERS: Record<string, Handler> = {
  initialize: (request, target) => target.initialize(parse(initializeRequestSchema(), request)),
  interrupt: async (_request, target) => {
    target.interrupt();
    return {};
  },
  set_permission_mode: async (request, target) => {
    target.setPermissionMode(parse(setPermissionModeSchema(), request).mode);
    return {};
  },
  set_model: async (request, target) => {
    target.setModel(parse(setModelSchema(), request).model ?? undefined);
    return {};
  },
  set_max_thinking_tokens: async (request, target) => {
    target.setMaxThinkingTokens(parse(setThinkingSchema(), request).max_thinking_tokens);
    return {};
  },
  mcp_status: async (_request, target) => target.mcpStatus(),
  get_context_usage: (_request, target) => target.contextUsage(),
};

export async function answerHostRequest(line: ControlRequestLine, target: HostRequestTarget, channel: ControlChannel): Promise<void> {
  const { subtype } = line.request;
  const handler = Object.hasOwn(HANDLERS, subtype) ? HANDLERS[subtype] : undefined;
  if (handler === undefined) {
    channel.answerError(line.request_id, `Pulse does not support the "${subtype}" control request`);
    return;
  }
  try {
    channel.answer(line.request_id, await handler(line.request, target));
  } catch (error) {
    channel.answerError(line.request_id, error instanceof Error ? error.message : String(error));
  }
}

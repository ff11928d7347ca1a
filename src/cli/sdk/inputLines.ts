// What may arrive on stdin in stream-json mode, one JSON object per line (REFERENCE §8.2-8.3).
// Every line is checked here; a line that fails becomes a readable complaint, never a crash.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';

const contentBlock = lazySchema(() => z.looseObject({ type: z.string() }));

export const sdkUserLineSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('user'),
    message: z.looseObject({
      role: z.literal('user'),
      content: z.union([z.string(), z.array(contentBlock()).min(1)]),
    }),
    parent_tool_use_id: z.string().nullable().optional(),
    session_id: z.string().optional(),
    uuid: z.string().min(1).optional(),
    isSynthetic: z.boolean().optional(),
    priority: z.enum(['now', 'next', 'later']).optional(),
  }),
);
export type SdkUserLine = z.infer<ReturnType<typeof sdkUserLineSchema>>;

export const controlRequestLineSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('control_request'),
    request_id: z.string().min(1),
    request: z.looseObject({ subtype: z.string().min(1) }),
  }),
);
export type ControlRequestLine = z.infer<ReturnType<typeof controlRequestLineSchema>>;

export const controlResponseLineSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('control_response'),
    response: z.discriminatedUnion('subtype', [
      z.looseObject({ subtype: z.literal('success'), request_id: z.string().min(1), response: z.unknown().optional() }),
      z.looseObject({ subtype: z.literal('error'), request_id: z.string().min(1), error: z.string() }),
    ]),
  }),
);
export type ControlResponseLine = z.infer<ReturnType<typeof controlResponseLineSchema>>;

const controlCancelLineSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('control_cancel_request'),
    request_id: z.string().min(1),
  }),
);

const keepAliveLineSchema = lazySchema(() => z.looseObject({ type: z.literal('keep_alive') }));

const environmentLineSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('update_environment_variables'),
    variables: z.record(z.string(), z.string()),
  }),
);

export const sdkInputLineSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    sdkUserLineSchema(),
    controlRequestLineSchema(),
    controlResponseLineSchema(),
    controlCancelLineSchema(),
    keepAliveLineSchema(),
    environmentLineSchema(),
  ]),
);
export type SdkInputLine = z.infer<ReturnType<typeof sdkInputLineSchema>>;

export type ParsedInputLine = { ok: true; line: SdkInputLine } | { ok: false; error: string };

const KNOWN_TYPES = ['user', 'control_request', 'control_response', 'control_cancel_request', 'keep_alive', 'update_environment_variables'];

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'it does not match any message shape';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the line';
  return `${where}: ${issue.message}`;
}

export function parseInputLine(text: string): ParsedInputLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `a stdin line is not valid JSON (${reason}); each line must be one JSON object` };
  }
  const type = typeof value === 'object' && value !== null && 'type' in value ? value.type : undefined;
  if (typeof type !== 'string' || !KNOWN_TYPES.includes(type)) {
    return {
      ok: false,
      error: `a stdin line has an unknown "type" (${JSON.stringify(type) ?? 'none'}); expected one of ${KNOWN_TYPES.join(', ')}`,
    };
  }
  const parsed = sdkInputLineSchema().safeParse(value);
  if (!parsed.success) return { ok: false, error: `a stdin "${type}" line was ignored: ${describeIssue(parsed.error)}` };
  return { ok: true, line: parsed.data };
}

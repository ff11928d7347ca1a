// `--permission-prompt-tool stdio`: a question the permission rules leave open goes to the SDK host
// as a `can_use_tool` control request, and the host's callback decides.
import type { CanUseToolFn } from '../../query/deps.js';
import type { PermissionResult, PermissionUpdate } from '../../types/permissions.js';
import type { ControlChannel } from './controlChannel.js';
import { PermissionAnswerSchema } from '../../hooks/output.js';


export type UpdateParser = (raw: readonly unknown[] | undefined) => PermissionUpdate[];

function toResult(raw: unknown, parseUpdates: UpdateParser): PermissionResult {
  const parsed = PermissionAnswerSchema().safeParse(raw);
  if (!parsed.success) {
    return { behavior: 'deny', message: 'The SDK host answered the permission request with something Pulse could not read, so the call was not run.' };
  }
  const answer = parsed.data;
  if (answer.behavior === 'deny') {
    return {
      behavior: 'deny',
      message: answer.message?.trim() || 'The SDK host refused permission for this call.',
      ...(answer.interrupt ? { interrupt: true } : {}),
    };
  }
  const updates = parseUpdates(answer.updatedPermissions);
  return {
    behavior: 'allow',
    ...(answer.updatedInput ? { updatedInput: answer.updatedInput } : {}),
    ...(updates.length > 0 ? { updatedPermissions: updates } : {}),
  };
}

export function createSdkPermissionPrompt(channel: ControlChannel, parseUpdates: UpdateParser): CanUseToolFn {
  return async ({ tool, input, toolUseId, context, decision }) => {
    const request: { subtype: string } & Record<string, unknown> = {
      subtype: 'can_use_tool',
      tool_name: tool.name,
      display_name: tool.userFacingName(input),
      input,
      permission_suggestions: decision.suggestions ?? [],
      tool_use_id: toolUseId,
    };
    if (decision.blockedPath !== undefined) request.blocked_path = decision.blockedPath;
    if (decision.reason !== undefined) request.decision_reason = decision.reason;
    const description = tool.describeUse?.(input);
    if (description) request.description = description;
    try {
      return toResult(await channel.request(request, context.abortSignal), parseUpdates);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { behavior: 'deny', message: `Permission could not be asked of the SDK host (${reason}), so the call was not run.` };
    }
  };
}

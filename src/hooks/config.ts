// The `hooks` block of a settings file. Unknown events and non-command hook types are kept
// (newer reference configs use them) but only command hooks on known events ever run.
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { isHookEvent, type HookEvent } from './events.js';

export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

const HookEntrySchema = lazySchema(() =>
  z
    .looseObject({
      type: z.string(),
      command: z.string().optional(),
      timeout: z.number().positive().optional(),
      statusMessage: z.string().optional(),
    })
    .superRefine((hook, ctx) => {
      if (hook.type === 'command' && !hook.command?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['command'], message: 'must be a non-empty string' });
      }
    }),
);

const MatcherGroupSchema = lazySchema(() =>
  z.looseObject({
    matcher: z.string().optional(),
    hooks: z.array(HookEntrySchema()),
  }),
);

export const HooksSettingsSchema = lazySchema(() => z.record(z.string(), z.array(MatcherGroupSchema())));
export type HooksSettings = z.infer<ReturnType<typeof HooksSettingsSchema>>;

/** `env` is set for plugin hooks (CLAUDE_PLUGIN_ROOT), on top of the session's environment. */
export type CommandHook = { type: 'command'; command: string; timeout?: number; env?: Record<string, string> };
export type HookMatcherGroup = { matcher?: string; hooks: CommandHook[] };
/** Runnable hooks per event, after dropping what Pulse cannot run. */
export type HooksConfig = Partial<Record<HookEvent, HookMatcherGroup[]>>;

export function toHooksConfig(settings: HooksSettings | undefined): HooksConfig {
  const config: HooksConfig = {};
  for (const [event, groups] of Object.entries(settings ?? {})) {
    if (!isHookEvent(event)) continue;
    config[event] = groups.map((group) => ({
      ...(group.matcher === undefined ? {} : { matcher: group.matcher }),
      hooks: group.hooks.flatMap((hook): CommandHook[] =>
        hook.type === 'command' && hook.command
          ? [{ type: 'command', command: hook.command, ...(hook.timeout ? { timeout: hook.timeout } : {}) }]
          : [],
      ),
    }));
  }
  return config;
}

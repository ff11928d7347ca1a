// Permission updates as hooks and SDK hosts send them (`updatedPermissions`): checked before they
// touch the live permission context, since they come from outside Pulse.
import * as z from 'zod';
import { lazySchema } from '../utils/lazySchema.js';
import { PERMISSION_MODES, type PermissionUpdate } from '../types/permissions.js';

const RULE_SOURCES = [
  'userSettings',
  'projectSettings',
  'localSettings',
  'flagSettings',
  'policySettings',
  'cliArg',
  'command',
  'session',
] as const;

const RuleValueSchema = lazySchema(() => z.object({ toolName: z.string().min(1), ruleContent: z.string().optional() }));

export const PermissionUpdateSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('addRules'),
      rules: z.array(RuleValueSchema()),
      behavior: z.enum(['allow', 'deny', 'ask']),
      destination: z.enum(RULE_SOURCES),
    }),
    z.object({ type: z.literal('setMode'), mode: z.enum(PERMISSION_MODES), destination: z.enum(RULE_SOURCES) }),
    z.object({
      type: z.literal('addDirectories'),
      directories: z.array(z.string().min(1)),
      destination: z.enum(RULE_SOURCES),
    }),
  ]),
);

/** The updates that fit the shape; unknown kinds (newer reference types) are left out. */
export function parsePermissionUpdates(raw: readonly unknown[] | undefined): PermissionUpdate[] {
  return (raw ?? []).flatMap((item): PermissionUpdate[] => {
    const parsed = PermissionUpdateSchema().safeParse(item);
    if (!parsed.success) return [];
    const update = parsed.data;
    if (update.type !== 'addRules') return [update];
    const rules = update.rules.map(({ toolName, ruleContent }) => (ruleContent === undefined ? { toolName } : { toolName, ruleContent }));
    return [{ ...update, rules }];
  });
}

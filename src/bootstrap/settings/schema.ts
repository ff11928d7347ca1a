// The settings file shape. Objects are loose: keys Pulse does not know (newer reference
// settings, other tools' keys) are kept and ignored rather than rejected.
import * as z from 'zod';
import { lazySchema } from '../../utils/lazySchema.js';
import { HooksSettingsSchema } from '../../hooks/config.js';

const stringArray = lazySchema(() =>
  z.custom<string[]>(
    (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
    { error: 'must be an array of strings' },
  ),
);

/** Modes a settings file may name; `manual` is the reference's newer spelling of `default`. */
const SETTINGS_PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'dontAsk', 'bypassPermissions', 'auto', 'manual'] as const;

export const PermissionsSettingsSchema = lazySchema(() =>
  z.looseObject({
    allow: stringArray().optional(),
    ask: stringArray().optional(),
    deny: stringArray().optional(),
    defaultMode: z.enum(SETTINGS_PERMISSION_MODES).optional(),
    additionalDirectories: stringArray().optional(),
    disableBypassPermissionsMode: z.literal('disable').optional(),
    disableAutoMode: z.literal('disable').optional(),
  }),
);

const StatusLineSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('command'),
    command: z.string(),
    padding: z.number().optional(),
  }),
);

const SpinnerVerbsSchema = lazySchema(() =>
  z.looseObject({
    mode: z.enum(['append', 'replace']).optional(),
    verbs: stringArray(),
  }),
);

/** The reference's `sandbox` block; keys Pulse does not use on Linux are accepted and ignored. */
export const SandboxSettingsSchema = lazySchema(() =>
  z.looseObject({
    enabled: z.boolean().optional(),
    failIfUnavailable: z.boolean().optional(),
    autoAllowBashIfSandboxed: z.boolean().optional(),
    allowUnsandboxedCommands: z.boolean().optional(),
    excludedCommands: stringArray().optional(),
    network: z
      .looseObject({
        allowedDomains: stringArray().optional(),
        deniedDomains: stringArray().optional(),
        allowManagedDomainsOnly: z.boolean().optional(),
        allowUnixSockets: stringArray().optional(),
        allowAllUnixSockets: z.boolean().optional(),
        allowLocalBinding: z.boolean().optional(),
        httpProxyPort: z.number().int().min(1).max(65_535).optional(),
        socksProxyPort: z.number().int().min(1).max(65_535).optional(),
      })
      .optional(),
    filesystem: z
      .looseObject({
        allowWrite: stringArray().optional(),
        denyWrite: stringArray().optional(),
        denyRead: stringArray().optional(),
        allowRead: stringArray().optional(),
        allowManagedReadPathsOnly: z.boolean().optional(),
      })
      .optional(),
  }),
);

export const SettingsSchema = lazySchema(() =>
  z.looseObject({
    $schema: z.string().optional(),
    permissions: PermissionsSettingsSchema().optional(),
    hooks: HooksSettingsSchema().optional(),
    disableAllHooks: z.boolean().optional(),
    env: z.record(z.string(), z.string(), { error: 'must be an object mapping names to string values' }).optional(),
    model: z.string().optional(),
    /** `low` … `max`; an unknown level is ignored and the model's default used. */
    effortLevel: z.string().optional(),
    fallbackModel: z.string().optional(),
    apiKeyHelper: z.string().optional(),
    awsAuthRefresh: z.string().optional(),
    awsCredentialExport: z.string().optional(),
    cleanupPeriodDays: z.number().int().nonnegative().optional(),
    enableAllProjectMcpServers: z.boolean().optional(),
    enabledMcpjsonServers: stringArray().optional(),
    disabledMcpjsonServers: stringArray().optional(),
    statusLine: StatusLineSchema().optional(),
    spinnerVerbs: SpinnerVerbsSchema().optional(),
    autoCompactEnabled: z.boolean().optional(),
    outputStyle: z.string().optional(),
    includeCoAuthoredBy: z.boolean().optional(),
    /** `"<plugin>@<marketplace>": true | false` (or a list of versions), as the reference records it. */
    enabledPlugins: z.record(z.string(), z.union([z.boolean(), stringArray()])).optional(),
    extraKnownMarketplaces: z.record(z.string(), z.looseObject({ source: z.looseObject({ source: z.string() }) })).optional(),
    // Built only when a file has a sandbox block: most sessions never pay for it.
    sandbox: z.lazy(() => SandboxSettingsSchema()).optional(),
  }),
);

export type Settings = z.infer<ReturnType<typeof SettingsSchema>>;
export type PermissionsSettings = z.infer<ReturnType<typeof PermissionsSettingsSchema>>;

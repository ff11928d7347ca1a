// How stream-json lines are compared with the reference's, key by key: the key paths of a line
// (nested keys joined with dots, arrays of objects as [], per-model maps as *) and a line's kind.
// The recorder in scripts/reference/ writes the reference's paths with these same functions.

/** Keys whose values are lists of names or free input: their own keys say nothing about the shape. */
const STOP = new Set(['input', 'tools', 'slash_commands', 'terminal_slash_commands', 'agents', 'skills', 'capabilities', 'mcp_servers']);
const BY_MODEL = new Set(['modelUsage', 'model_usage_since_last_result']);

export function keyPaths(value: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(value)) {
    if (typeof value[0] === 'object' && value[0] !== null) for (const item of value) for (const path of keyPaths(item, `${prefix}[]`)) out.add(path);
    return out;
  }
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, item] of Object.entries(value)) {
    const name = BY_MODEL.has(prefix.split('.').at(-1) ?? '') ? '*' : key;
    const path = prefix === '' ? name : `${prefix}.${name}`;
    out.add(path);
    if (STOP.has(key) || path === 'message.usage') continue;
    for (const nested of keyPaths(item, path)) out.add(nested);
  }
  return out;
}

/**
 * A line's type/subtype, with the lines whose keys differ told apart: tool results, synthetic
 * user notes, API-error assistants and thinking blocks.
 */
export function shapeKind(line: Record<string, unknown>): string {
  const kind = line.subtype ? `${String(line.type)}/${String(line.subtype)}` : String(line.type);
  const content = (line.message as { content?: unknown } | undefined)?.content;
  const first = Array.isArray(content) ? (content[0] as { type?: string } | undefined)?.type : undefined;
  if (kind === 'user') {
    if (first === 'tool_result') return 'user/tool_result';
    if (line.isSynthetic) return 'user/synthetic';
  }
  if (kind === 'assistant') {
    if (line.error !== undefined) return 'assistant/error';
    if (first === 'thinking') return 'assistant/thinking';
  }
  return kind;
}

/**
 * Keys (and everything under them) the reference prints on lines of every run and Pulse does not,
 * with why. The README's print-shape section lists the same differences.
 */
export const KNOWN_KEY_DIFFERENCES: Record<string, Record<string, string>> = {
  'system/init': {
    capabilities: 'protocol capabilities of reference-only SDK features (interrupt receipts, workflows)',
    fast_mode_disabled_reason: 'Pulse has no fast mode (fast_mode_state is always "off")',
    memory_paths: 'Pulse has no auto-memory folder',
    messaging_socket_path: 'the reference-only inter-session messaging socket',
    per_turn_effort_active: 'per-turn effort is not a Pulse feature',
    served_by_anthropic: 'the reference reports its own hosting; Pulse cannot know it',
    ultrathink_available: 'no ultrathink keyword in Pulse',
    ultrathink_typed_raises: 'no ultrathink keyword in Pulse',
    view_mode: 'the reference-only view modes',
    'plugins[]': 'the reference always lists its built-in plugins; Pulse lists plugins only when some are loaded',
  },
  assistant: {
    'message.context_management': 'an API beta field Pulse does not request',
  },
  'user/tool_result': { tool_result_meta: 'per-call permission decisions are not reported yet' },
  'result/success': {
    fast_mode_disabled_reason: 'Pulse has no fast mode',
    'modelUsage.*.provider': 'the reference labels its providers in its own terms',
    'model_usage_since_last_result.*.provider': 'the reference labels its providers in its own terms',
    queued_turn_count: 'print mode has no queue',
    result_index: 'print mode has one result',
    subagent_stats: 'sub-agent counters are not kept',
  },
};

/** Keys Pulse adds. */
export const PULSE_ONLY_KEYS: Record<string, string[]> = { 'system/init': ['pulse_version'] };

export function isKnownDifference(differences: Record<string, Record<string, string>>, kind: string, path: string): boolean {
  return Object.keys(differences[kind] ?? {}).some((key) => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[]`));
}

// Turns an agent file (YAML frontmatter + system prompt) or one entry of `--agents` JSON into
// a definition, or into a message that says exactly what is wrong with it.
import * as z from 'zod';
import { FrontmatterError, parseFrontmatter, type Frontmatter } from '../utils/frontmatter.js';
import { lazySchema } from '../utils/lazySchema.js';
import { PERMISSION_MODES } from '../types/permissions.js';
import type { AgentDefinition, AgentSource } from './definition.js';

/** The reference accepts spaces too ("Code Reviewer"); the model passes the name as written. */
const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_. -]*$/;

const nameSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(AGENT_NAME, 'must be letters, digits, spaces, "-", "_" or "." (for example code-reviewer)'),
);

/** `Read, Grep` or `[Read, Grep]`; an empty list is kept (an agent with no tools). */
const toolListSchema = lazySchema(() =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((name) => name.trim()).filter(Boolean)),
);

const maxTurnsSchema = lazySchema(() => z.coerce.number().int().positive());

const commonFields = lazySchema(() => ({
  description: z.string().trim().min(1, 'must say when to use the agent'),
  tools: toolListSchema().optional(),
  disallowedTools: toolListSchema().optional(),
  model: z.string().trim().min(1).optional(),
  permissionMode: z.enum(PERMISSION_MODES).optional(),
  maxTurns: maxTurnsSchema().optional(),
}));

const frontmatterSchema = lazySchema(() => z.looseObject({ name: nameSchema(), ...commonFields() }));

const flagEntrySchema = lazySchema(() => z.looseObject({ ...commonFields(), prompt: z.string().trim().min(1, 'must not be empty') }));

const flagSchema = lazySchema(() => z.record(nameSchema(), flagEntrySchema()));

export type ParseOutcome = { ok: true; agent: AgentDefinition } | { ok: false; message: string };

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'frontmatter';
      return `${where} ${issue.message}`;
    })
    .join('; ');
}

type Fields = z.infer<ReturnType<typeof frontmatterSchema>> | z.infer<ReturnType<typeof flagEntrySchema>>;

/** The optional fields, copied only when set so definitions stay free of `undefined` keys. */
function optionalFields(fields: Fields): Partial<AgentDefinition> {
  const out: Partial<AgentDefinition> = {};
  if (fields.tools !== undefined) out.tools = fields.tools;
  if (fields.disallowedTools !== undefined) out.disallowedTools = fields.disallowedTools;
  if (fields.model !== undefined) out.model = fields.model;
  if (fields.permissionMode !== undefined) out.permissionMode = fields.permissionMode;
  if (fields.maxTurns !== undefined) out.maxTurns = fields.maxTurns;
  return out;
}

export function parseAgentFile(text: string, path: string, source: AgentSource): ParseOutcome {
  let parsed: Frontmatter;
  try {
    parsed = parseFrontmatter(text);
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    return { ok: false, message: error.message };
  }
  if (Object.keys(parsed.data).length === 0) {
    return { ok: false, message: 'no frontmatter: start the file with --- and give at least name and description' };
  }
  const fields = frontmatterSchema().safeParse(parsed.data);
  if (!fields.success) return { ok: false, message: describeIssues(fields.error) };
  const systemPrompt = parsed.body.trim();
  if (systemPrompt === '') return { ok: false, message: 'the body (the agent\'s system prompt) is empty' };
  return {
    ok: true,
    agent: {
      name: fields.data.name,
      description: fields.data.description,
      systemPrompt,
      ...optionalFields(fields.data),
      source,
      path,
    },
  };
}

/** `--agents '{"reviewer": {"description": "...", "prompt": "..."}}'`; throws a one-line error. */
export function parseAgentsFlag(json: string): AgentDefinition[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new Error(`--agents: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseAgentsRecord(raw, '--agents');
}

/**
 * Name -> definition, as `--agents` JSON or an SDK host's `initialize.agents` give them; these
 * rank as flag definitions. Throws one line that starts with `origin`.
 */
export function parseAgentsRecord(raw: unknown, origin: string): AgentDefinition[] {
  const parsed = flagSchema().safeParse(raw);
  if (!parsed.success) throw new Error(`${origin}: ${describeIssues(parsed.error)}`);
  return Object.entries(parsed.data).map(([name, entry]) => ({
    name,
    description: entry.description,
    systemPrompt: entry.prompt,
    ...optionalFields(entry),
    source: 'flag' as const,
  }));
}

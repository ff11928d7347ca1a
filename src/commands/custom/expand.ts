// From a command file's body to the text sent to the model: arguments first, then `!` commands
// (checked against the file's allowed-tools), then `@file` contents.
import type { RuleValue } from '../../types/permissions.js';
import type { PromptEnv } from '../types.js';
import { substituteArguments } from './arguments.js';
import { inlineFileReferences } from './fileRefs.js';
import { runPreCommands } from './preCommands.js';

export async function expandCommandBody(
  body: string,
  args: string,
  allowedRules: readonly RuleValue[],
  env: PromptEnv,
): Promise<string> {
  const withArguments = substituteArguments(body, args);
  const withOutputs = await runPreCommands(withArguments, allowedRules, env);
  return (await inlineFileReferences(withOutputs, env.cwd)).trim();
}

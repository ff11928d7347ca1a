// What a non-zero exit status means for the command that produced it. Some commands answer with
// their status: grep exits 1 for "no match", diff for "the files differ", test for "false". Those
// are answers, not failures, so the result is not an error and the calls running beside it are
// not cancelled. The status of a list or pipeline is its last command's, so that one is judged;
// anything not known here keeps the plain rule: non-zero is a failure.
import { expandWord } from '../../permissions/bash/parse/expand.js';
import { parseScript } from '../../permissions/bash/parse/scanner.js';
import { stripWrappers } from '../../permissions/bash/wrappers.js';

/** Exit statuses that are an answer, per command, with what each means. */
const ANSWER_CODES: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  grep: { 1: 'no matches' },
  egrep: { 1: 'no matches' },
  fgrep: { 1: 'no matches' },
  rg: { 1: 'no matches' },
  ag: { 1: 'no matches' },
  ack: { 1: 'no matches' },
  diff: { 1: 'the inputs differ' },
  cmp: { 1: 'the files differ' },
  test: { 1: 'the condition is false' },
  '[': { 1: 'the condition is false' },
  '[[': { 1: 'the condition is false' },
  find: { 1: 'some paths could not be read' },
};

/** A `!` word turns a status around (`! grep -q x f` exits 1 on a match); such lines are not judged. */
const NEGATION = /(^|[\s;&|(])!\s/;

/** The name of the command whose status the whole command line returns, when it can be told. */
function lastCommandName(command: string): string | undefined {
  if (NEGATION.test(command)) return undefined;
  const parsed = parseScript(command);
  if (parsed.problems.length > 0) return undefined;
  const last = parsed.commands.filter((part) => !part.nested).at(-1);
  if (!last) return undefined;
  const argv = last.words.flatMap((word) => (expandWord(word) ?? []).map((expanded) => expanded.text));
  const name = stripWrappers(argv).argv[0];
  return name?.split('/').at(-1);
}

/** What this exit status answers, or undefined when it is a plain failure (or success). */
export function exitCodeAnswer(command: string, exitCode: number): string | undefined {
  if (exitCode === 0) return undefined;
  const name = lastCommandName(command);
  return name === undefined ? undefined : ANSWER_CODES[name]?.[exitCode];
}

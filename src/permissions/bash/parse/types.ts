// The shapes the shell parser produces: commands as bash will run them, before expansion. Words
// keep what was quoted and which parts are expansions whose value is only known at run time.

export type WordPart =
  /** Literal text after quote removal (and `$'…'` decoding); `quoted` parts never glob or split. */
  | { kind: 'text'; text: string; quoted: boolean }
  /** `$NAME`, `${…}`, `$1`, `$@`: the value is not known. */
  | { kind: 'param'; raw: string; quoted: boolean }
  /**
   * `$(…)` or backticks: the inner commands are parsed as commands of their own. `output` is
   * set when it is known without running anything (`$(cat <<'EOF' … EOF)`, the usual way to
   * pass a commit message).
   */
  | { kind: 'command'; raw: string; quoted: boolean; output?: string }
  /** `$((…))`; `names` when it mentions variables, whose values bash evaluates as expressions. */
  | { kind: 'arith'; raw: string; quoted: boolean; names: boolean }
  /** `<(…)` or `>(…)`: a `/dev/fd/N` path fed by the inner commands. */
  | { kind: 'process'; raw: string };

export type Word = { raw: string; parts: WordPart[] };

export type Redirect = {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `<`, `<>`, `<<`, `<<-`, `<<<`, `>&`, `<&`. */
  op: string;
  /** The explicit descriptor before the operator, e.g. `2` in `2>&1`. */
  fd?: string;
  target: Word;
  /** A heredoc's body; its parts are expansions only when the delimiter was unquoted. */
  body?: Word;
};

export type ShellCommand = {
  /** The source text of the simple command, trimmed. */
  text: string;
  /** Leading `NAME=value` words. */
  assignments: Word[];
  /** The command and its arguments, before expansion. */
  words: Word[];
  redirects: Redirect[];
  /** Inside a subshell, a group, a substitution or a compound command's body. */
  nested: boolean;
  /** Inside `$(…)`, backticks or `<(…)`: its output becomes text, not the terminal's. */
  inSubstitution: boolean;
  /**
   * Where stdin comes from when it is a pipe: the index of the command writing into it, or
   * `'unknown'` when that is a compound command or a `>(…)` substitution.
   */
  pipedFrom?: number | 'unknown';
};

export type ParsedScript = {
  commands: ShellCommand[];
  /** Why the text cannot be reasoned about (unterminated quotes, functions, …); empty when fine. */
  problems: string[];
};

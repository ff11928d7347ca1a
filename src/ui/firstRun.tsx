// The key screen on its own, before the REPL starts: shown when no key is configured anywhere.
// It gets its own short-lived Ink instance, so the REPL renders afresh once a key is stored.
import { render } from 'ink';
import { loginActions, type LoginOutcome } from '../auth/loginActions.js';
import { Onboarding } from './components/Onboarding.js';

export type FirstRunOptions = {
  /** Where an apiKeyHelper typed on the screen runs. */
  cwd: string;
  /** Test seams: Ink's real stdin/stdout by default. */
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
};

/** Resolves with what was stored, or undefined when the person cancelled. */
export async function runFirstRunOnboarding(options: FirstRunOptions): Promise<LoginOutcome | undefined> {
  let outcome: LoginOutcome | undefined;
  const onDone = (done: LoginOutcome | undefined): void => {
    outcome = done;
    // Called from an effect: unmount after React has finished this commit.
    setImmediate(() => instance.unmount());
  };
  const instance = render(<Onboarding reason="first-run" actions={loginActions({ cwd: options.cwd })} onDone={onDone} />, {
    exitOnCtrlC: false,
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(options.stdout ? { stdout: options.stdout, patchConsole: false } : {}),
  });
  await instance.waitUntilExit();
  return outcome;
}

// The key screen: on first run (no key anywhere) before the REPL, and for /login. People paste a
// key (never echoed: only bullets are drawn) or give an apiKeyHelper command; the key is checked
// against the endpoint, and only then stored. Esc steps back; Esc on the first step cancels.
import { Box, useInput, type Key } from 'ink';
import { useEffect, useRef } from 'react';
import type { KeyCheck } from '../../auth/checkKey.js';
import { loginOutcomeText, type LoginActions, type LoginOutcome } from '../../auth/loginActions.js';
import { maskKey } from '../../utils/mask.js';
import type { StoredCredentials } from '../../auth/store.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { ansi } from '../markdown/ansi.js';
import { ChoiceList } from './ChoiceList.js';
import { DialogLabelled, DialogText } from './Guttered.js';

export type OnboardingOutcome = LoginOutcome;

export type OnboardingProps = {
  reason: 'first-run' | 'login';
  actions: LoginActions;
  /** The outcome once stored, or undefined when the person cancelled. */
  onDone: (outcome: OnboardingOutcome | undefined) => void;
};

const CHOICES = ['Paste an API key', 'Use an apiKeyHelper command (a shell command that prints a key)'] as const;

type Field = 'key' | 'helper';

type Step =
  | { name: 'choose'; selected: number }
  | { name: 'input'; field: Field; text: string; error?: string }
  | { name: 'checking'; field: Field; label: string }
  | { name: 'failed'; field: Field; message: string; pending?: { credentials: StoredCredentials; masked: string }; selected: number }
  | { name: 'done'; outcome: OnboardingOutcome };

/** Bullets for the hidden key, capped so a long key does not wrap the line. */
const MAX_BULLETS = 40;

/** Printable text from a key event: paste markers and control characters are dropped. */
function typedText(input: string): string {
  return input.replace(/\[20[01]~/g, '').replace(/[\u0000-\u001f\u007f]/g, '');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function Onboarding({ reason, actions, onDone }: OnboardingProps) {
  const [step, setStep, stepRef] = useLatestState<Step>({ name: 'choose', selected: 0 });

  const report = useOnce(onDone);

  const finish = async (field: Field, credentials: StoredCredentials, masked: string, checked: boolean): Promise<void> => {
    try {
      const path = await actions.save(credentials);
      const kind = field === 'key' ? 'apiKey' : 'apiKeyHelper';
      setStep(() => ({ name: 'done', outcome: { kind, path, masked, checked } }));
    } catch (error) {
      setStep(() => ({ name: 'input', field, text: '', error: `Could not save: ${errorMessage(error)}` }));
    }
  };

  const afterCheck = (field: Field, check: KeyCheck, credentials: StoredCredentials, masked: string): Promise<void> => {
    if (check.ok) return finish(field, credentials, masked, true);
    setStep(() => ({
      name: 'failed',
      field,
      message: check.message,
      ...(check.rejected ? {} : { pending: { credentials, masked } }),
      selected: 0,
    }));
    return Promise.resolve();
  };

  const submitKey = async (apiKey: string): Promise<void> => {
    setStep(() => ({ name: 'checking', field: 'key', label: `Checking the key against ${actions.endpoint}…` }));
    const masked = maskKey(apiKey);
    await afterCheck('key', await actions.check(apiKey), { apiKey }, masked);
  };

  const submitHelper = async (command: string): Promise<void> => {
    setStep(() => ({ name: 'checking', field: 'helper', label: `Running ${command}…` }));
    let apiKey: string;
    try {
      apiKey = await actions.runHelper(command);
    } catch (error) {
      setStep(() => ({ name: 'input', field: 'helper', text: command, error: errorMessage(error) }));
      return;
    }
    setStep(() => ({ name: 'checking', field: 'helper', label: `Checking its key against ${actions.endpoint}…` }));
    await afterCheck('helper', await actions.check(apiKey), { apiKeyHelper: command }, maskKey(apiKey));
  };

  const onKey = (input: string, key: Key): void => {
    const current = stepRef.current;
    if (key.ctrl && input === 'c') return report(undefined);
    if (current.name === 'choose') return chooseKey(current.selected, input, key);
    if (current.name === 'input') return inputKey(current, input, key);
    if (current.name === 'failed') return failedKey(current, key);
  };

  const chooseKey = (selected: number, input: string, key: Key): void => {
    if (key.escape) return report(undefined);
    if (key.upArrow || key.downArrow) return setStep(() => ({ name: 'choose', selected: selected === 0 ? 1 : 0 }));
    const picked = input === '1' ? 0 : input === '2' ? 1 : key.return ? selected : undefined;
    if (picked === undefined) return;
    setStep(() => ({ name: 'input', field: picked === 0 ? 'key' : 'helper', text: '' }));
  };

  const inputKey = (current: Extract<Step, { name: 'input' }>, input: string, key: Key): void => {
    if (key.escape) return setStep(() => ({ name: 'choose', selected: current.field === 'key' ? 0 : 1 }));
    if (key.backspace || key.delete) return setStep(() => ({ ...current, text: current.text.slice(0, -1) }));
    if (key.ctrl && input === 'u') return setStep(() => ({ ...current, text: '' }));
    if (key.ctrl || key.meta || key.tab) return;
    // A paste can carry its own line end: what comes before it is the entry, and it is sent.
    const ends = key.return || /[\r\n]/.test(input);
    const text = current.text + typedText(input.split(/[\r\n]/)[0] ?? '');
    if (!ends || text.trim() === '') return setStep(() => ({ ...current, text }));
    void (current.field === 'key' ? submitKey(text.trim()) : submitHelper(text.trim()));
  };

  const failedKey = (current: Extract<Step, { name: 'failed' }>, key: Key): void => {
    const count = current.pending ? 2 : 1;
    if (key.escape) return setStep(() => ({ name: 'input', field: current.field, text: '' }));
    if (key.upArrow || key.downArrow) return setStep(() => ({ ...current, selected: (current.selected + 1) % count }));
    if (!key.return) return;
    if (current.selected === 1 && current.pending) {
      void finish(current.field, current.pending.credentials, current.pending.masked, false);
      return;
    }
    setStep(() => ({ name: 'input', field: current.field, text: '' }));
  };

  useInput(onKey, { isActive: step.name !== 'done' });
  // Reported after the final frame (what was saved) is drawn, so it stays on screen.
  useEffect(() => {
    if (step.name === 'done') report(step.outcome);
  }, [step, report]);

  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Intro reason={reason} actions={actions} />
      <StepView step={step} />
    </Box>
  );
}

/** The caller hears one answer: a check still running after a cancel must not report again. */
function useOnce(onDone: OnboardingProps['onDone']): OnboardingProps['onDone'] {
  const reported = useRef(false);
  const latest = useRef(onDone);
  latest.current = onDone;
  const report = useRef((outcome: OnboardingOutcome | undefined) => {
    if (reported.current) return;
    reported.current = true;
    latest.current(outcome);
  });
  return report.current;
}

function Intro({ reason, actions }: { reason: OnboardingProps['reason']; actions: LoginActions }) {
  return (
    <Box flexDirection="column" marginBottom={1}>
      <DialogText bold text={reason === 'first-run' ? 'Welcome to Pulse' : 'Log in'} />
      {reason === 'first-run' && (
        <DialogText dim text="No API key found (ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or an apiKeyHelper in settings)." />
      )}
      <DialogText
        dim
        text={`The key is checked against ${actions.endpoint}, then kept in ${actions.storePath} (readable only by you). An ANTHROPIC_API_KEY in the environment always wins over it.`}
      />
    </Box>
  );
}

function StepView({ step }: { step: Step }) {
  switch (step.name) {
    case 'choose':
      return (
        <Box flexDirection="column">
          <ChoiceList options={CHOICES} selected={step.selected} spaced={false} />
          <DialogText dim text="↑/↓ choose · Enter select · Esc cancel" />
        </Box>
      );
    case 'input':
      return (
        <Box flexDirection="column">
          {step.error && <DialogText color="red" text={step.error} />}
          <DialogLabelled
            label={step.field === 'key' ? 'API key:' : 'Command:'}
            text={`${step.field === 'key' ? '•'.repeat(Math.min(step.text.length, MAX_BULLETS)) : step.text}${ansi.inverse('\u00A0')}`}
          />
          <DialogText
            dim
            text={`${step.field === 'key' ? 'Paste the key (it is not shown)' : 'Type the command'} · Enter check · Esc back`}
          />
        </Box>
      );
    case 'checking':
      return <DialogText color="yellow" text={step.label} />;
    case 'failed': {
      const options = [step.field === 'key' ? 'Enter a different key' : 'Change the command'];
      if (step.pending) options.push('Save it anyway');
      return (
        <Box flexDirection="column">
          <DialogText color="red" text={step.message} />
          <ChoiceList options={options} selected={step.selected} numbered={false} spaced={false} />
          <DialogText dim text={`${options.length > 1 ? '↑/↓ choose · ' : ''}Enter select · Esc back`} />
        </Box>
      );
    }
    case 'done':
      return <DialogText color={step.outcome.checked ? 'green' : 'yellow'} text={loginOutcomeText(step.outcome)} />;
  }
}

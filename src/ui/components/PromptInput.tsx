// The bordered prompt: a multiline editor over the pure text buffer, prompt history, and the
// slash-command menu. Reads the draft from the store at key time so fast typing never races a
// render.
import { Box, Text, useInput, type Key } from 'ink';
import { useState } from 'react';
import { filterCommands, type SlashCommand } from '../../commands/builtin.js';
import { PromptHistory } from '../input/history.js';
import { applyKey } from '../input/keymap.js';
import { bufferOf } from '../input/textBuffer.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { useRepl, useReplStoreApi } from '../hooks/useReplStore.js';
import { SlashMenu } from './SlashMenu.js';

export type PromptInputProps = {
  commands: readonly SlashCommand[];
  onSubmit: (text: string) => void;
  isActive: boolean;
  /** Kept by the App so it outlives this component (dialogs unmount it); persisted per project. */
  history?: PromptHistory;
};

/** The menu shows while the draft is a single `/word` being typed. */
export function menuMatches(commands: readonly SlashCommand[], text: string): SlashCommand[] {
  if (!/^\/\S*$/.test(text)) return [];
  return filterCommands(commands, text);
}

export function PromptInput({ commands, onSubmit, isActive, history: shared }: PromptInputProps) {
  const store = useReplStoreApi();
  const draft = useRepl((state) => state.draft);
  const [own] = useState(() => new PromptHistory());
  const history = shared ?? own;
  const [selected, setSelected, selectedRef] = useLatestState(0);
  const matches = menuMatches(commands, draft.text);

  const submit = (text: string): void => {
    history.add(text);
    store.getState().setDraft(bufferOf(''));
    setSelected(() => 0);
    onSubmit(text);
  };

  useInput(
    (input, key) => {
      const state = store.getState();
      const current = state.draft;
      const menu = menuMatches(commands, current.text);
      if (menu.length > 0 && handleMenuKey(menu, key)) return;

      const outcome = applyKey(current, input, key);
      if (outcome.type === 'edit') {
        state.setDraft(outcome.buffer);
        setSelected(() => 0);
      } else if (outcome.type === 'submit') {
        if (current.text.trim() !== '') submit(current.text);
      } else if (outcome.type === 'history') {
        const entry =
          outcome.direction === 'previous' ? history.previous(current.text) : history.next();
        if (entry !== undefined) state.setDraft(bufferOf(entry));
      }
    },
    { isActive },
  );

  function handleMenuKey(menu: SlashCommand[], key: Key): boolean {
    const chosen = menu[Math.min(selectedRef.current, menu.length - 1)];
    if (key.upArrow) {
      setSelected((index) => (index - 1 + menu.length) % menu.length);
      return true;
    }
    if (key.downArrow) {
      setSelected((index) => (index + 1) % menu.length);
      return true;
    }
    if (!chosen) return false;
    if (key.tab && !key.shift) {
      store.getState().setDraft(bufferOf(`/${chosen.name} `));
      return true;
    }
    if (key.return && !key.meta) {
      submit(`/${chosen.name}`);
      return true;
    }
    return false;
  }

  return (
    <Box flexDirection="column" width="100%">
      <Box borderStyle="round" borderColor={isActive ? 'gray' : 'blackBright'} paddingX={1} flexDirection="column">
        <DraftLines text={draft.text} cursor={draft.cursor} showCursor={isActive} />
      </Box>
      {matches.length > 0 && <SlashMenu commands={matches} selected={Math.min(selected, matches.length - 1)} />}
    </Box>
  );
}

function DraftLines({ text, cursor, showCursor }: { text: string; cursor: number; showCursor: boolean }) {
  const lines = text.split('\n');
  let offset = 0;
  return (
    <>
      {lines.map((line, index) => {
        const start = offset;
        offset += line.length + 1;
        const prefix = index === 0 ? '> ' : '  ';
        const hasCursor = showCursor && cursor >= start && cursor <= start + line.length;
        if (!hasCursor) {
          return (
            <Text key={index}>
              <Text color="cyan">{prefix}</Text>
              {line}
            </Text>
          );
        }
        const at = cursor - start;
        return (
          <Text key={index}>
            <Text color="cyan">{prefix}</Text>
            {line.slice(0, at)}
            <Text inverse>{line[at] ?? ' '}</Text>
            {line.slice(at + 1)}
          </Text>
        );
      })}
    </>
  );
}

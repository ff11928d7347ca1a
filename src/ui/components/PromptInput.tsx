// The bordered prompt: a multiline editor over the pure text buffer, prompt history with Ctrl+R
// search, pastes, the slash-command menu and `@` path completion. Reads the draft from the store
// at key time so fast typing never races a render.
import { Box, Text, useInput, type Key } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';
import { filterCommands, type SlashCommand } from '../../commands/builtin.js';
import { keystrokesOf, useBracketedPaste } from '../input/bracketedPaste.js';
import { fileIndexFor, type FileIndex } from '../input/fileIndex.js';
import { PromptHistory } from '../input/history.js';
import { applyKey } from '../input/keymap.js';
import { isShellInput } from '../input/shellMode.js';
import { bufferOf } from '../input/textBuffer.js';
import { useFileCompletion } from '../input/useFileCompletion.js';
import { usePasteInput } from '../input/usePasteInput.js';
import { useReverseSearch } from '../input/useReverseSearch.js';
import { useLatestState } from '../hooks/useLatestState.js';
import { useRepl, useReplStoreApi } from '../hooks/useReplStore.js';
import { CompletionMenu } from './CompletionMenu.js';
import { ReverseSearch } from './ReverseSearch.js';
import { SlashMenu } from './SlashMenu.js';

export type PromptInputProps = {
  commands: readonly SlashCommand[];
  onSubmit: (text: string) => void;
  isActive: boolean;
  /** Kept by the App so it outlives this component (dialogs unmount it); persisted per project. */
  history?: PromptHistory;
  /** Where `@` completion finds paths; the project in the current directory by default. */
  fileIndex?: FileIndex;
  /**
   * The hint line under the prompt. The `/` menu takes its place while open, as in the reference,
   * so a short terminal has the rows for the menu (in the same frame, so it never overflows).
   */
  footer?: ReactNode;
};

/** The menu shows while the draft is a single `/word` being typed. */
export function menuMatches(commands: readonly SlashCommand[], text: string): SlashCommand[] {
  if (!/^\/\S*$/.test(text)) return [];
  return filterCommands(commands, text);
}

export function PromptInput({ commands, onSubmit, isActive, history: shared, fileIndex, footer }: PromptInputProps) {
  const store = useReplStoreApi();
  const draft = useRepl((state) => state.draft);
  const [own] = useState(() => new PromptHistory());
  const [index] = useState(() => fileIndex ?? fileIndexFor(process.cwd()));
  const history = shared ?? own;
  const [selected, setSelected, selectedRef] = useLatestState(0);
  // The draft Esc closed the menu on: it stays closed until the draft changes, as in the reference.
  const [, setDismissed, dismissedRef] = useLatestState<string | null>(null);
  const search = useReverseSearch(store, history);
  const paste = usePasteInput(store, search.takePaste);
  const completion = useFileCompletion(store, index, draft);
  const openMenu = (text: string): SlashCommand[] => (text === dismissedRef.current ? [] : menuMatches(commands, text));
  const matches = openMenu(draft.text);
  useBracketedPaste(isActive);
  const menuOpen = matches.length > 0;
  const overlayOpen = search.state !== undefined || completion.matches.length > 0 || menuOpen;
  useEffect(() => {
    store.getState().setPromptOverlayOpen(overlayOpen);
    return () => store.getState().setPromptOverlayOpen(false);
  }, [store, overlayOpen]);

  const submit = (typed: string): void => {
    // Placeholders of large pastes go out as the text they stand for.
    const text = paste.pastes.expand(typed);
    paste.pastes.clear();
    history.add(text);
    store.getState().setDraft(bufferOf(''));
    setSelected(() => 0);
    onSubmit(text);
  };

  const editorKey = (input: string, key: Key): void => {
    if (search.handleKey(input, key)) return;
    const state = store.getState();
    const current = state.draft;
    const menu = openMenu(current.text);
    if (menu.length > 0 && handleMenuKey(menu, current.text, key)) return;
    if (completion.handleKey(key)) return;

    const outcome = applyKey(current, input, key);
    if (outcome.type === 'edit') {
      state.setDraft(outcome.buffer);
      if (outcome.buffer.text !== current.text) setDismissed(() => null);
      setSelected(() => 0);
      completion.reset();
    } else if (outcome.type === 'submit') {
      if (current.text.trim() !== '') submit(current.text);
    } else if (outcome.type === 'history') {
      const entry =
        outcome.direction === 'previous' ? history.previous(current.text) : history.next();
      if (entry !== undefined) state.setDraft(bufferOf(entry));
    }
  };

  useInput(
    (input, key) => {
      if (paste.handleKey(input, key)) return;
      for (const [one, oneKey] of keystrokesOf(input, key)) editorKey(one, oneKey);
    },
    { isActive },
  );

  function handleMenuKey(menu: SlashCommand[], text: string, key: Key): boolean {
    const chosen = menu[Math.min(selectedRef.current, menu.length - 1)];
    if (key.escape) {
      setDismissed(() => text);
      return true;
    }
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

  const shell = isShellInput(draft.text);
  const borderColor = shell ? 'magenta' : isActive ? 'gray' : 'blackBright';
  return (
    <Box flexDirection="column" width="100%">
      <Box borderStyle="round" borderColor={borderColor} paddingX={1} flexDirection="column">
        {search.state ? (
          <ReverseSearch state={search.state} />
        ) : (
          <DraftLines text={draft.text} cursor={draft.cursor} showCursor={isActive} shell={shell} />
        )}
      </Box>
      {menuOpen && <SlashMenu commands={matches} selected={Math.min(selected, matches.length - 1)} />}
      {!search.state && completion.token && (
        <CompletionMenu matches={completion.matches} selected={completion.selected} indexing={completion.indexing} />
      )}
      {!menuOpen && footer}
    </Box>
  );
}

type DraftLinesProps = { text: string; cursor: number; showCursor: boolean; shell: boolean };

/** Columns the prompt sign (`> `, `! `) and the indent of later lines take. */
const SIGN_WIDTH = 2;

/**
 * In shell mode the leading `!` becomes the prompt sign, so the command reads as typed. The sign
 * is a column of its own: a line wraps inside the column beside it, so a word longer than the row
 * starts on the sign's row (in one Text, Ink moved it to the next row and left the sign alone)
 * and wrapped rows stay under the text.
 */
function DraftLines({ text: raw, cursor: rawCursor, showCursor, shell }: DraftLinesProps) {
  const text = shell ? raw.slice(1) : raw;
  const cursor = shell ? Math.max(0, rawCursor - 1) : rawCursor;
  const lines = text.split('\n');
  let offset = 0;
  return (
    <>
      {lines.map((line, index) => {
        const start = offset;
        offset += line.length + 1;
        const sign = index > 0 ? '' : shell ? '!' : '>';
        const hasCursor = showCursor && cursor >= start && cursor <= start + line.length;
        const at = cursor - start;
        return (
          // An empty line without the cursor still takes its row.
          <Box key={index} flexDirection="row" minHeight={1}>
            <Box width={SIGN_WIDTH} flexShrink={0}>
              <Text color={shell ? 'magenta' : 'cyan'}>{sign}</Text>
            </Box>
            <Box flexGrow={1}>
              {hasCursor ? (
                <Text>
                  {line.slice(0, at)}
                  <Text inverse>{line[at] ?? ' '}</Text>
                  {line.slice(at + 1)}
                </Text>
              ) : (
                <Text>{line}</Text>
              )}
            </Box>
          </Box>
        );
      })}
    </>
  );
}

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
import { draftCursor, draftRows, type DraftRow } from '../input/draftRows.js';
import { bufferOf } from '../input/textBuffer.js';
import { useFileCompletion } from '../input/useFileCompletion.js';
import { usePasteInput } from '../input/usePasteInput.js';
import { useReverseSearch } from '../input/useReverseSearch.js';
import { useColumns } from '../hooks/useColumns.js';
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
      <Box borderStyle="round" borderColor={borderColor} paddingLeft={1} paddingRight={search.state ? 1 : 0} flexDirection="column">
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
/** The box's borders, its left padding and the column past the text (the right padding's place). */
const BOX_COLUMNS = 4;

/**
 * In shell mode the leading `!` becomes the prompt sign, so the command reads as typed. The sign
 * is a column of its own and each line is laid out on rows here (draftRows.ts) rather than by
 * Ink, so a word longer than the row starts on the sign's row, wrapped rows stay under the text,
 * and a space where a full row breaks hangs past it. The box has no right padding: that column
 * is where the cursor shows when it stands on such a space or after a full last row.
 */
function DraftLines({ text: raw, cursor: rawCursor, showCursor, shell }: DraftLinesProps) {
  const columns = useColumns();
  const width = columns - BOX_COLUMNS - SIGN_WIDTH;
  const text = shell ? raw.slice(1) : raw;
  const cursor = shell ? Math.max(0, rawCursor - 1) : rawCursor;
  let offset = 0;
  return (
    <>
      {text.split('\n').flatMap((line, lineIndex) => {
        const start = offset;
        offset += line.length + 1;
        const rows = draftRows(line, width);
        const at = showCursor && cursor >= start && cursor <= start + line.length ? draftCursor(rows, cursor - start) : undefined;
        return rows.map((row, rowIndex) => {
          const sign = lineIndex > 0 || rowIndex > 0 ? '' : shell ? '!' : '>';
          const drawn = line.slice(row.start, row.end);
          return (
            // An empty line without the cursor still takes its row.
            <Box key={`${lineIndex}.${rowIndex}`} flexDirection="row" minHeight={1}>
              <Box width={SIGN_WIDTH} flexShrink={0}>
                <Text color={shell ? 'magenta' : 'cyan'}>{sign}</Text>
              </Box>
              <Box flexGrow={1}>
                {at?.row === rowIndex ? <RowWithCursor line={line} row={row} at={at.at} /> : <Text>{drawn}</Text>}
              </Box>
            </Box>
          );
        });
      })}
    </>
  );
}

/** A row with the cursor's cell in inverse video: the character at `at`, or the cell past the text. */
function RowWithCursor({ line, row, at }: { line: string; row: DraftRow; at: number }) {
  const char = at < row.end ? String.fromCodePoint(line.codePointAt(at) ?? 32) : ' ';
  return (
    <Text>
      {line.slice(row.start, Math.min(at, row.end))}
      <Text inverse>{char}</Text>
      {at < row.end ? line.slice(at + char.length, row.end) : ''}
    </Text>
  );
}

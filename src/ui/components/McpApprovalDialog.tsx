// At REPL start, project servers from .mcp.json that nobody has approved or rejected yet are put
// to the person: use all, choose some, or none. The answer is remembered in
// .claude/settings.local.json and approved servers start at once. Esc decides later: the servers
// stay off for this session and `/mcp approve <name>` can still turn one on. On a short screen the
// dialog turns compact (format/dialogFit.ts) and the list of servers follows the highlight, so
// the choice Enter confirms stays on screen.
import { Box, useInput } from 'ink';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import type { ReplStore } from '../../state/store.js';
import { BORDER_ROWS, dialogBudget, fitDialog, FULL_FRAME_ROWS } from '../format/dialogFit.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import { useLatestState } from '../hooks/useLatestState.js';
import type { ReplMcp } from '../types.js';
import { ChoiceList, choiceListRows } from './ChoiceList.js';
import { DialogText, dialogTextRows } from './Guttered.js';

export type McpApprovalAnswer = { approved: string[]; rejected: string[] };

export type McpApprovalDialogProps = {
  servers: readonly string[];
  /** `null`: asked again next session. */
  onAnswer: (answer: McpApprovalAnswer | null) => void;
};

const USE_ALL = 0;
const CHOOSE = 1;
const USE_NONE = 2;

export function McpApprovalDialog({ servers, onAnswer }: McpApprovalDialogProps) {
  const [choosing, setChoosing, choosingRef] = useLatestState(false);
  const [selected, setSelected, selectedRef] = useLatestState(0);
  const [picked, setPicked, pickedRef] = useLatestState<ReadonlySet<string>>(new Set(servers));

  const answerWith = (approved: readonly string[]): void =>
    onAnswer({ approved: [...approved], rejected: servers.filter((name) => !approved.includes(name)) });
  const confirmTop = (index: number): void => {
    if (index === USE_ALL) return answerWith(servers);
    if (index === USE_NONE) return answerWith([]);
    setChoosing(() => true);
    setSelected(() => 0);
  };
  const toggle = (name: string | undefined): void => {
    if (name === undefined) return;
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  };

  useInput((input, key) => {
    const inList = choosingRef.current;
    const last = inList ? servers.length - 1 : USE_NONE;
    if (key.escape) {
      if (!inList) return onAnswer(null);
      setChoosing(() => false);
      setSelected(() => CHOOSE);
      return;
    }
    if (key.upArrow) return setSelected((index) => Math.max(0, index - 1));
    if (key.downArrow || (key.tab && !key.shift)) return setSelected((index) => Math.min(last, index + 1));
    if (inList) {
      if (key.return) return answerWith(servers.filter((name) => pickedRef.current.has(name)));
      if (input === ' ') toggle(servers[selectedRef.current]);
      return;
    }
    if (key.return) return confirmTop(selectedRef.current);
    const number = Number(input);
    if (Number.isInteger(number) && number >= 1 && number <= 3) confirmTop(number - 1);
  });

  const list = servers.join(', ');
  const options = choosing
    ? servers.map((name) => `[${picked.has(name) ? 'x' : ' '}] ${name}`)
    : [`Use all of them (${list})`, 'Choose which ones to use', 'Use none of them'];
  const title = `New MCP servers found in .mcp.json: ${list}`;
  const hint = choosing
    ? 'space to turn one on or off · enter to confirm · esc to go back'
    : 'enter to confirm · esc to decide later (/mcp approve <name>)';
  const columns = useColumns();
  const budget = dialogBudget(useRows());
  // Compact, the title names the servers in the rows the choices leave (one row once they are
  // the list), and the choices show a window around the highlight in the rest.
  const besideTitle = budget - BORDER_ROWS - 1;
  const titleRows = choosing ? 1 : Math.max(1, besideTitle - options.length);
  const compactChoices = { options, selected, spaced: false, rowsEach: 1, maxRows: besideTitle - Math.min(titleRows, dialogTextRows(title, columns)) };
  const fit = fitDialog({
    budget,
    fullChrome: FULL_FRAME_ROWS + dialogTextRows(title, columns) + choiceListRows({ options, selected }, columns) + dialogTextRows(hint, columns),
    compactChrome: BORDER_ROWS + dialogTextRows(title, columns, titleRows) + choiceListRows(compactChoices, columns) + 1,
    body: dialogTextRows(WARNING, columns),
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} marginTop={fit.compact ? 0 : 1}>
      <DialogText bold color="yellow" text={title} maxRows={fit.compact ? titleRows : undefined} />
      {fit.bodyRows > 0 && <DialogText text={WARNING} maxRows={fit.bodyRows} />}
      <ChoiceList {...(fit.compact ? compactChoices : { options, selected })} />
      <DialogText dim text={hint} maxRows={fit.compact ? 1 : undefined} />
    </Box>
  );
}

const WARNING = 'They run programs or reach services on your behalf. Only use servers from a project you trust.';

/**
 * The REPL's MCP wiring: the approval dialog while project servers wait for an answer (or null),
 * and status notices in the transcript for the whole session.
 */
export function useMcpSession(store: ReplStore, mcp: ReplMcp | undefined): ReactElement | null {
  const [waiting, setWaiting] = useState<readonly string[]>(() => mcp?.pendingApprovals() ?? []);
  useEffect(
    () =>
      mcp?.onNotice((notice) => {
        store.getState().addTranscript({ kind: 'notice', text: notice.text, tone: notice.tone });
      }),
    [store, mcp],
  );
  const answer = useCallback(
    (choice: McpApprovalAnswer | null) => {
      setWaiting([]);
      if (!mcp || !choice) return;
      mcp.answerApprovals(choice).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        store.getState().addTranscript({ kind: 'notice', text: `Could not save the MCP server choice: ${reason}`, tone: 'error' });
      });
    },
    [mcp, store],
  );
  if (waiting.length === 0) return null;
  return <McpApprovalDialog servers={waiting} onAnswer={answer} />;
}

// At REPL start, project servers from .mcp.json that nobody has approved or rejected yet are put
// to the person: use all, choose some, or none. The answer is remembered in
// .claude/settings.local.json and approved servers start at once. Esc decides later: the servers
// stay off for this session and `/mcp approve <name>` can still turn one on.
import { Box, useInput } from 'ink';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import type { ReplStore } from '../../state/store.js';
import { useLatestState } from '../hooks/useLatestState.js';
import type { ReplMcp } from '../types.js';
import { ChoiceList } from './ChoiceList.js';
import { DialogText } from './Guttered.js';

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
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} marginTop={1}>
      <DialogText bold color="yellow" text={`New MCP servers found in .mcp.json: ${list}`} />
      <DialogText text="They run programs or reach services on your behalf. Only use servers from a project you trust." />
      <ChoiceList options={options} selected={selected} />
      <DialogText
        dim
        text={
          choosing
            ? 'space to turn one on or off · enter to confirm · esc to go back'
            : 'enter to confirm · esc to decide later (/mcp approve <name>)'
        }
      />
    </Box>
  );
}

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

// The command list under the prompt while the draft is `/something`: built-ins, custom commands
// and skills. Names sit in one column and descriptions in the next, wrapped inside their own
// column (at most two rows, the rest cut with …) so no description ever runs back to column 1.
// A list taller than the terminal leaves room shows a window that follows the highlight, with
// how many entries lie above and below it, so the prompt and the highlighted entry stay on screen.
import { Box, Text } from 'ink';
import type { SlashCommand } from '../../commands/builtin.js';
import { useColumns, useRows } from '../hooks/useColumns.js';
import { useRepl } from '../hooks/useReplStore.js';
import { visibleWidth } from '../markdown/ansi.js';
import { wrapRendered } from '../markdown/wrap.js';
import { windowAround } from '../format/dialogFit.js';
import { capRows } from './Guttered.js';

const DESCRIPTION_ROWS = 2;
const GAP = 2;
/** Below this a description column is no use: names only. */
const MIN_DESCRIPTION_WIDTH = 12;
/**
 * Terminal rows the menu leaves to the rest of the live area (the hint line gives the menu its
 * place): the blank row and the prompt box above it, the more-entries line, and the row the
 * writer keeps free; while a turn runs, also the spinner and the blank row above it (two rows
 * when it wraps). Taller than the screen, the live area would push the box's top off it.
 */
const ROWS_KEPT_IDLE = 6;
const ROWS_KEPT_FOR_THE_SPINNER = 3;

function fullName(command: SlashCommand): string {
  return command.argumentHint ? `/${command.name} ${command.argumentHint}` : `/${command.name}`;
}

/** The name as it fits its column: with its argument hint when there is room, else cut with …. */
function nameCell(command: SlashCommand, width: number): string {
  const full = fullName(command);
  if (visibleWidth(full) <= width) return full;
  const bare = `/${command.name}`;
  return bare.length <= width ? bare : `${bare.slice(0, Math.max(1, width - 1))}…`;
}

function descriptionRows(description: string, width: number, most: number): string[] {
  return capRows(
    wrapRendered(description, width).map((row) => row.trimEnd()),
    most,
    width,
  );
}

export function SlashMenu({ commands, selected }: { commands: readonly SlashCommand[]; selected: number }) {
  const inner = Math.max(1, useColumns() - 2);
  const running = useRepl((state) => state.isRunning);
  const budget = Math.max(1, useRows() - ROWS_KEPT_IDLE - (running ? ROWS_KEPT_FOR_THE_SPINNER : 0));
  const widest = Math.max(...commands.map((command) => visibleWidth(fullName(command))));
  const nameWidth = Math.min(widest, Math.max(8, Math.floor(inner * 0.3)));
  const descriptionWidth = inner - nameWidth - GAP;
  const withDescriptions = descriptionWidth >= MIN_DESCRIPTION_WIDTH;
  // On a screen too short for a two-row entry (6 rows), each description takes one.
  const descriptionRowsEach = Math.min(DESCRIPTION_ROWS, budget);
  const descriptions = commands.map((command) => (withDescriptions ? descriptionRows(command.description, descriptionWidth, descriptionRowsEach) : []));
  const { start, end } = windowAround(
    descriptions.map((rows) => Math.max(1, rows.length)),
    selected,
    budget,
  );
  const more = [start > 0 ? `↑ ${start} more` : '', end < commands.length ? `↓ ${commands.length - end} more` : ''].filter(Boolean).join('  ');
  return (
    <Box flexDirection="column" paddingX={1}>
      {commands.slice(start, end).map((command, offset) => {
        const index = start + offset;
        const chosen = index === selected;
        return (
          <Box key={command.name} flexDirection="row">
            <Box width={withDescriptions ? nameWidth + GAP : inner} flexShrink={0}>
              <Text color={chosen ? 'cyan' : undefined} wrap="truncate-end">
                {nameCell(command, withDescriptions ? nameWidth : inner)}
              </Text>
            </Box>
            {withDescriptions && (
              <Box width={descriptionWidth} flexDirection="column">
                {(descriptions[index] ?? []).map((row, rowIndex) => (
                  <Text key={rowIndex} color={chosen ? 'cyan' : undefined} dimColor={!chosen} wrap="truncate-end">
                    {row}
                  </Text>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
      {more && (
        <Text dimColor wrap="truncate-end">
          {more}
        </Text>
      )}
    </Box>
  );
}

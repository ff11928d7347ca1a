// The command list under the prompt while the draft is `/something`: built-ins, custom commands
// and skills. Names sit in one column and descriptions in the next, wrapped inside their own
// column (at most two rows, the rest cut with …) so no description ever runs back to column 1.
import { Box, Text } from 'ink';
import type { SlashCommand } from '../../commands/builtin.js';
import { useColumns } from '../hooks/useColumns.js';
import { visibleWidth } from '../markdown/ansi.js';
import { wrapRendered } from '../markdown/wrap.js';

const DESCRIPTION_ROWS = 2;
const GAP = 2;
/** Below this a description column is no use: names only. */
const MIN_DESCRIPTION_WIDTH = 12;

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

function descriptionRows(description: string, width: number): string[] {
  const rows = wrapRendered(description, width).map((row) => row.trimEnd());
  if (rows.length <= DESCRIPTION_ROWS) return rows;
  const last = rows[DESCRIPTION_ROWS - 1] ?? '';
  const cut = visibleWidth(last) < width ? last : last.slice(0, -1);
  return [...rows.slice(0, DESCRIPTION_ROWS - 1), `${cut}…`];
}

export function SlashMenu({ commands, selected }: { commands: readonly SlashCommand[]; selected: number }) {
  const inner = Math.max(1, useColumns() - 2);
  const widest = Math.max(...commands.map((command) => visibleWidth(fullName(command))));
  const nameWidth = Math.min(widest, Math.max(8, Math.floor(inner * 0.3)));
  const descriptionWidth = inner - nameWidth - GAP;
  const withDescriptions = descriptionWidth >= MIN_DESCRIPTION_WIDTH;
  return (
    <Box flexDirection="column" paddingX={1}>
      {commands.map((command, index) => {
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
                {descriptionRows(command.description, descriptionWidth).map((row, rowIndex) => (
                  <Text key={rowIndex} color={chosen ? 'cyan' : undefined} dimColor={!chosen} wrap="truncate-end">
                    {row}
                  </Text>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

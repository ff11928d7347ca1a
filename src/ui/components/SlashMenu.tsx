// The command list under the prompt while the draft is `/something`: built-ins, custom commands
// and skills, each with its argument hint and description.
import { Box, Text } from 'ink';
import type { SlashCommand } from '../../commands/builtin.js';

function nameColumn(command: SlashCommand): string {
  return command.argumentHint ? `/${command.name} ${command.argumentHint}` : `/${command.name}`;
}

export function SlashMenu({ commands, selected }: { commands: readonly SlashCommand[]; selected: number }) {
  const width = Math.min(40, Math.max(...commands.map((command) => nameColumn(command).length)) + 3);
  return (
    <Box flexDirection="column" paddingX={1}>
      {commands.map((command, index) => (
        <Text key={command.name} color={index === selected ? 'cyan' : undefined}>
          {nameColumn(command).padEnd(width)}
          <Text dimColor={index !== selected}>{command.description}</Text>
        </Text>
      ))}
    </Box>
  );
}

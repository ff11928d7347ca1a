// The command list under the prompt while the draft is `/something`.
import { Box, Text } from 'ink';
import type { SlashCommand } from '../../commands/builtin.js';

export function SlashMenu({ commands, selected }: { commands: readonly SlashCommand[]; selected: number }) {
  const width = Math.max(...commands.map((command) => command.name.length)) + 4;
  return (
    <Box flexDirection="column" paddingX={1}>
      {commands.map((command, index) => (
        <Text key={command.name} color={index === selected ? 'cyan' : undefined}>
          {`/${command.name}`.padEnd(width)}
          <Text dimColor={index !== selected}>{command.description}</Text>
        </Text>
      ))}
    </Box>
  );
}

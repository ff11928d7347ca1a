// The banner printed once at the top of the session.
import { Box, Text } from 'ink';

export type WelcomeProps = { version: string; model: string; cwd: string };

export function Welcome({ version, model, cwd }: WelcomeProps) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} alignSelf="flex-start">
      <Text>
        <Text color="cyan">✻ </Text>
        <Text bold>Pulse</Text>
        <Text dimColor> v{version}</Text>
      </Text>
      <Text>
        <Text dimColor>model </Text>
        {model}
      </Text>
      <Text>
        <Text dimColor>cwd   </Text>
        {cwd}
      </Text>
      <Text dimColor>Tip: type / for commands · end a line with \ for a new one · shift+tab changes mode</Text>
    </Box>
  );
}

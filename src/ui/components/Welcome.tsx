// The banner printed once at the top of the session. At a narrow width a long model name or
// folder wraps under itself, beside its label.
import { Box, Text } from 'ink';
import { DIALOG_CHROME, DialogText, Guttered } from './Guttered.js';

/** The labels' column: `model ` and `cwd   `. */
const LABEL_WIDTH = 6;

export type WelcomeProps = { version: string; model: string; cwd: string };

export function Welcome({ version, model, cwd }: WelcomeProps) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} alignSelf="flex-start">
      <Text>
        <Text color="cyan">✻ </Text>
        <Text bold>Pulse</Text>
        <Text dimColor> v{version}</Text>
      </Text>
      <Guttered mark="model" markDim gutter={LABEL_WIDTH} inset={DIALOG_CHROME} lines={[model]} />
      <Guttered mark="cwd" markDim gutter={LABEL_WIDTH} inset={DIALOG_CHROME} lines={[cwd]} />
      <DialogText dim text={'Tip: type / for commands · end a line with \\ for a new one · shift+tab changes mode'} />
    </Box>
  );
}

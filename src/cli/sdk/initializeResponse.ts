// The answer to the host's `initialize`: what this Pulse offers (commands, agents, models) and how
// it is signed in. Field names follow the SDK's SDKControlInitializeResponse.
import { defaultModel, getModelInfo, resolveModel } from '../../api/models.js';
import { selectedProvider } from '../../api/providers/selection.js';
import type { SlashCommand } from '../../commands/types.js';

export type AgentSummary = { name: string; description: string; model?: string };

const MODEL_CHOICES: ReadonlyArray<{ value: string; displayName: string; description: string }> = [
  { value: 'default', displayName: 'Default (recommended)', description: 'The model Pulse uses unless told otherwise' },
  { value: 'opus', displayName: 'Opus', description: 'Most capable, for complex work' },
  { value: 'fable', displayName: 'Fable', description: 'For the hardest and longest-running tasks' },
  { value: 'sonnet', displayName: 'Sonnet', description: 'Fast and capable, for everyday work' },
  { value: 'haiku', displayName: 'Haiku', description: 'Fastest, for quick and simple tasks' },
];

function priceNote(model: string): string {
  const pricing = getModelInfo(model).pricing;
  return pricing ? ` · $${pricing.input}/$${pricing.output} per Mtok` : '';
}

export function modelChoices(): Array<Record<string, unknown>> {
  return MODEL_CHOICES.map((choice) => {
    const resolvedModel = choice.value === 'default' ? defaultModel() : resolveModel(choice.value);
    const info = getModelInfo(resolvedModel);
    return {
      value: choice.value,
      resolvedModel,
      displayName: choice.displayName,
      description: `${choice.description}${priceNote(resolvedModel)}`,
      supportsEffort: info.effortLevels.length > 0,
      supportedEffortLevels: [...info.effortLevels],
      supportsAdaptiveThinking: info.thinking === 'adaptive',
      supportsThinkingOff: info.thinkingCanBeOff,
    };
  });
}

export type InitializeInputs = {
  commands: readonly SlashCommand[];
  agents: readonly AgentSummary[];
  apiKeySource: string;
  /** The output style in effect and every one the session can pick. */
  outputStyle: string;
  availableOutputStyles: readonly string[];
};

export function initializeResponse(inputs: InitializeInputs): Record<string, unknown> {
  return {
    commands: inputs.commands.map((command) => ({
      name: command.name,
      description: command.description,
      argumentHint: command.argumentHint ?? '',
    })),
    agents: inputs.agents.map((agent) => ({
      name: agent.name,
      description: agent.description,
      ...(agent.model ? { model: agent.model } : {}),
    })),
    output_style: inputs.outputStyle,
    available_output_styles: inputs.availableOutputStyles,
    models: modelChoices(),
    account: {
      tokenSource: 'none',
      apiKeySource: inputs.apiKeySource,
      apiProvider: selectedProvider(),
    },
    pid: process.pid,
  };
}

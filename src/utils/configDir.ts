// The one owner of where Pulse keeps its own data and where it reads the ecosystem's files, so
// tests can isolate both with environment variables.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function homeDir(): string {
  return process.env.HOME || homedir();
}

/** Pulse's own data: transcripts, history, stored key. `PULSE_CONFIG_DIR` moves it. */
export function pulseConfigDir(): string {
  return process.env.PULSE_CONFIG_DIR || join(homeDir(), '.pulse');
}

/** The reference tool's user folder, read for settings, memory, commands, agents and skills. */
export function claudeConfigDir(): string {
  return process.env.CLAUDE_CONFIG_DIR || join(homeDir(), '.claude');
}

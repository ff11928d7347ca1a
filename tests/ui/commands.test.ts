import { describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS, filterCommands, findCommand, parseSlashInput } from '../../src/commands/builtin.js';
import { formatCostReport } from '../../src/commands/cost.js';
import { emptyModelUsage, type Session } from '../../src/state/session.js';

describe('slash command registry', () => {
  it('parses a command name and its arguments', () => {
    expect(parseSlashInput('/cost')).toEqual({ name: 'cost', args: '' });
    expect(parseSlashInput('  /help me please ')).toEqual({ name: 'help', args: 'me please' });
    expect(parseSlashInput('not a command')).toBeUndefined();
  });

  it('finds commands by name or alias and filters by prefix', () => {
    expect(findCommand(BUILTIN_COMMANDS, 'quit')?.name).toBe('exit');
    expect(findCommand(BUILTIN_COMMANDS, 'CLEAR')?.name).toBe('clear');
    expect(filterCommands(BUILTIN_COMMANDS, '/c').map((c) => c.name)).toEqual(['clear', 'compact', 'context', 'cost']);
    expect(filterCommands(BUILTIN_COMMANDS, '/').length).toBe(BUILTIN_COMMANDS.length);
  });

  it('/cost reports totals and usage per model', () => {
    const session: Session = {
      sessionId: 's',
      originalCwd: '/',
      cwd: '/',
      model: 'm',
      startTime: 0,
      totalCostUSD: 0.1234,
      totalAPIDurationMs: 9_000,
      modelUsage: { 'claude-x': { ...emptyModelUsage(), inputTokens: 68_000, outputTokens: 104, costUSD: 0.1234 } },
      hasUnknownModelCost: false,
      isInteractive: true,
    };
    const report = formatCostReport(session, 95_000);
    expect(report).toContain('Total cost:            $0.1234');
    expect(report).toContain('Total duration (API):  9s');
    expect(report).toContain('Total duration (wall): 1m 35s');
    expect(report).toContain('claude-x: 68.0k input, 104 output, 0 cache read, 0 cache write ($0.1234)');
  });
});

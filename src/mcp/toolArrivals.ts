// MCP servers that connect after the conversation's first request bring tools the model was not
// offered before. They join the session's pool at once; a query already running takes them from
// here before its next request (its own list was fixed when it started), together with a note
// for the model, said once, so it knows to look again instead of assuming the tools it was told
// about earlier are all there is.
import type { AnyTool, ToolNews } from '../tools/Tool.js';

export type ToolArrivals = {
  /** Records tools that have just joined the pool. */
  add(tools: readonly AnyTool[]): void;
  /**
   * The tools that joined since the last call and the note about them, or undefined. The first
   * call marks the first request: tools that joined before it are in its list and are no news.
   */
  take(): ToolNews | undefined;
};

export function createToolArrivals(): ToolArrivals {
  let baseline = false;
  let joined: AnyTool[] = [];
  return {
    add(tools) {
      if (baseline) joined.push(...tools);
    },
    take() {
      baseline = true;
      if (joined.length === 0) return undefined;
      const tools = joined;
      joined = [];
      const note = [
        '<system-reminder>',
        `MCP servers that were still connecting have connected. These tools are available from now on: ${tools.map((tool) => tool.name).join(', ')}.`,
        '</system-reminder>',
      ].join('\n');
      return { tools, note };
    },
  };
}

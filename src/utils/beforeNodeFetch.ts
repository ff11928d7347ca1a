// Node's own fetch (undici; WebFetch and MCP over HTTP use it) parses HTTP with WebAssembly. V8
// later re-compiles that code with its optimising tier on a background thread, and process exit
// waits for the job: ~170 ms more for every print or SDK run that fetched anything. Those runs
// ask V8 for its baseline tier only, right before their first fetch. Not at start-up: V8 refuses
// code caches made under other flags, Node's own caches for its built-in modules included, and
// loading http, net and streams without them cost ~8 ms before the first model request.
import { session } from '../state/session.js';
import { beforeV8FlagChange } from './codeCache.js';

let settled = false;

export async function beforeNodeFetch(): Promise<void> {
  if (settled || session.isInteractive) return;
  settled = true;
  beforeV8FlagChange();
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--liftoff-only');
}

// Whether this machine can run Pulse's sandbox (bubblewrap and user namespaces). Sandbox tests
// run for real or are skipped with the reason printed: CI installs bubblewrap, so they run there.
import { sandboxAvailability } from '../../src/sandbox/availability.js';

const availability = await sandboxAvailability();

export const sandboxAvailable = availability.ok;

if (!availability.ok) {
  process.stderr.write(`[sandbox tests skipped] ${availability.reason}\n`);
}
